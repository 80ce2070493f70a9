import { example } from '../../../examples.ts';
import { personRef, relativeUrl, timestamp } from '../../../schemas.ts';

/** Spec §2.1, shared by the inventory listing and the single-scroll read. */
export const scrollRecordSchema = {
  $id: 'MezuzahRecord',
  type: 'object',
  required: [
    'uuid', 'is_verified', 'note', 'size', 'font', 'create_time', 'written_time', 'examinated_time',
    'last_repaired_time', 'certificate_pdf_url', 'sofer', 'megiah',
  ],
  properties: {
    uuid: { type: 'string' },
    is_verified: { type: 'boolean', description: 'True once an admin or the scroll\'s megiah has confirmed the examination.' },
    note: { type: 'string', description: 'Empty string when none.' },
    size: { type: 'string' },
    font: { type: 'string' },
    create_time: timestamp,
    written_time: { ...timestamp, description: 'Date written; the time part is 00:00:00.' },
    examinated_time: { ...timestamp, description: 'Date examined; the time part is 00:00:00.' },
    last_repaired_time: { type: 'string', description: 'Timestamp with time 00:00:00, or empty string when never repaired.' },
    certificate_pdf_url: relativeUrl('The current certificate PDF, or empty string until one has been issued.'),
    sofer: { ...personRef, description: 'The scribe.' },
    megiah: { ...personRef, description: 'The examiner.' },
  },
  examples: [
    {
      uuid: example.scrollUuid,
      is_verified: true,
      note: 'Kosher lemehadrin; case not included.',
      size: example.size,
      font: example.font,
      create_time: example.createTime,
      written_time: example.writtenTime,
      examinated_time: example.examinatedTime,
      last_repaired_time: '',
      certificate_pdf_url: `${example.certificateBase}.pdf`,
      sofer: { uuid: example.soferUuid, username: example.sofer },
      megiah: { uuid: example.megiahUuid, username: example.megiah },
    },
  ],
} as const;
