import type { SaleDetails } from '../db/records.ts';

/** Spec §2.6 */
export function presentSaleRecord(sale: SaleDetails) {
  return {
    mezuzah_uuid: sale.scrollUuid,
    create_time: sale.createdAt,
    note: sale.note,
    to: { uuid: sale.buyer.uuid, username: sale.buyer.username },
  };
}
