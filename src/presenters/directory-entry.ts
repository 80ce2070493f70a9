import type { Account } from '../db/records.ts';
import { publicUrlOf } from '../files/file-storage.ts';

/** Spec §2.7, a confirmed sofer or megiah as stores see them. */
export function presentDirectoryEntry(account: Account) {
  return {
    uuid: account.uuid,
    username: account.username,
    email: account.email,
    role: account.role,
    megiah_type: account.role === 'megiah' ? account.megiahType : null,
    company: account.company,
    avatar: publicUrlOf(account.avatarKey),
    diploma_url: publicUrlOf(account.diplomaKey),
    country: account.country,
    state: account.state,
    city: account.city,
    create_time: account.createdAt,
  };
}
