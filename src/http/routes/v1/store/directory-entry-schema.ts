import { example } from '../../../examples.ts';
import { relativeUrl, timestamp } from '../../../schemas.ts';

/** Spec §2.7 */
export const directoryEntrySchema = {
  $id: 'DirectoryEntry',
  type: 'object',
  required: [
    'uuid', 'username', 'email', 'role', 'megiah_type', 'company', 'avatar', 'diploma_url', 'country', 'state', 'city', 'create_time',
  ],
  properties: {
    uuid: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: ['sofer', 'megiah'] },
    megiah_type: { type: 'string', nullable: true, description: 'null for a sofer, or a megiah without a recorded type.' },
    company: { type: 'string', nullable: true, description: 'null when none.' },
    avatar: relativeUrl('Avatar image; for an account without one, a neutral placeholder, `static/defaults/avatar.png`.'),
    diploma_url: relativeUrl('Diploma (PDF or image), or empty string when none.'),
    country: { type: 'string' },
    state: { type: 'string', description: 'May be empty.' },
    city: { type: 'string' },
    create_time: timestamp,
  },
  examples: [
    {
      uuid: example.megiahUuid,
      username: example.megiah,
      email: 'yosef.katz@example.org',
      role: 'megiah',
      megiah_type: 'Certified megiah',
      company: null,
      avatar: 'static/defaults/avatar.png',
      diploma_url: `static/diplomas/${example.megiahUuid}-Hx2v8RkQ4mZp7TcN.pdf`,
      country: 'Israel',
      state: '',
      city: 'Bnei Brak',
      create_time: '2026-01-12 08:30:00',
    },
  ],
} as const;
