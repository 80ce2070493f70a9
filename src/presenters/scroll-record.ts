import type { ScrollDetails } from '../db/records.ts';
import { publicUrlOf } from '../files/file-storage.ts';
import { dateAsTimestamp } from './timestamps.ts';

/** Spec §2.1, the store's view of a scroll. */
export function presentScrollRecord(scroll: ScrollDetails) {
  return {
    uuid: scroll.uuid,
    is_verified: scroll.isVerified,
    note: scroll.note,
    size: scroll.size,
    font: scroll.font,
    create_time: scroll.createdAt,
    written_time: dateAsTimestamp(scroll.writtenDate),
    examinated_time: dateAsTimestamp(scroll.examinedDate),
    last_repaired_time: scroll.lastRepairedDate === null ? '' : dateAsTimestamp(scroll.lastRepairedDate),
    certificate_pdf_url: publicUrlOf(scroll.certificatePdfKey),
    sofer: { uuid: scroll.sofer.uuid, username: scroll.sofer.username },
    megiah: { uuid: scroll.megiah.uuid, username: scroll.megiah.username },
  };
}

export type ScrollRecord = ReturnType<typeof presentScrollRecord>;
