// The store's lists as CSV for spreadsheets: the inventory and the sales
// history with the API's fields (spec §2.1, §2.6; a nested object's fields as
// `sofer.uuid`...), and the credit ledger the portal shows. Written by
// csv-stringify: UTF-8 with a byte order mark (without it Excel reads Hebrew
// as Latin-1), every field quoted, CRLF line ends, and a cell that a
// spreadsheet would run as a formula (starting with =, +, -, @, tab or CR,
// or their full-width forms) prefixed with ' as OWASP advises; numbers keep
// their minus sign. Characters no stored text may hold are shown as U+FFFD,
// as in every other format (text/unsafe-characters.ts).
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { CreditEntry, SaleDetails, ScrollDetails } from '../db/records.ts';
import { replaceUnsafeCharacters } from '../text/unsafe-characters.ts';
import { presentSaleRecord } from './sale-record.ts';
import { presentScrollRecord } from './scroll-record.ts';

type Cell = string | number;

/** A CSV file's header and how one item becomes its row. */
export type CsvTable<T> = { readonly columns: readonly string[]; readonly row: (item: T) => readonly Cell[] };

export const inventoryCsv: CsvTable<ScrollDetails> = {
  columns: [
    'uuid', 'is_verified', 'note', 'size', 'font', 'create_time', 'written_time', 'examinated_time', 'last_repaired_time',
    'certificate_pdf_url', 'sofer.uuid', 'sofer.username', 'megiah.uuid', 'megiah.username',
  ],
  row(scroll) {
    const record = presentScrollRecord(scroll);
    return [
      record.uuid, String(record.is_verified), record.note, record.size, record.font, record.create_time, record.written_time,
      record.examinated_time, record.last_repaired_time, record.certificate_pdf_url, record.sofer.uuid, record.sofer.username,
      record.megiah.uuid, record.megiah.username,
    ];
  },
};

export const salesCsv: CsvTable<SaleDetails> = {
  columns: ['mezuzah_uuid', 'create_time', 'note', 'to.uuid', 'to.username'],
  row(sale) {
    const record = presentSaleRecord(sale);
    return [record.mezuzah_uuid, record.create_time, record.note, record.to.uuid, record.to.username];
  },
};

/** The ledger has no API listing; its columns are the portal's, named in the API's manner. */
export const creditLedgerCsv: CsvTable<CreditEntry> = {
  columns: ['create_time', 'delta', 'reason', 'mezuzah_uuid', 'balance_after', 'note'],
  row: (entry) => [entry.createdAt, entry.delta, entry.reason, entry.scrollUuid ?? '', entry.balanceAfter, entry.note],
};

/** The file as a stream: the header, then one row per item as the items arrive, at the reader's pace. */
export function renderCsv<T>(table: CsvTable<T>, items: AsyncIterable<T>): Readable {
  async function* rows() {
    yield table.columns;
    for await (const item of items) yield table.row(item);
  }
  const csv = stringify({
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { string: (value) => replaceUnsafeCharacters(value) },
  });
  // A failure half-way (the database gone) destroys `csv` with the error, which ends the download short.
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}
