import type { Account } from '../db/records.ts';
import { publicUrlOf } from '../files/file-storage.ts';

/**
 * What a directory entry's `avatar` names when the account has none: spec
 * §2.7 gives the field as a relative path, and a partner showing it should
 * find a neutral image there rather than a broken link (served by
 * http/routes/static-files.ts). A missing diploma stays an empty string: a
 * placeholder there would pass for a document.
 */
export const DEFAULT_AVATAR_URL = 'static/defaults/avatar.png';

/** Spec §2.7, a confirmed sofer or megiah as stores see them. */
export function presentDirectoryEntry(account: Account) {
  return {
    uuid: account.uuid,
    username: account.username,
    email: account.email,
    role: account.role,
    megiah_type: account.role === 'megiah' ? account.megiahType : null,
    company: account.company,
    avatar: publicUrlOf(account.avatarKey) || DEFAULT_AVATAR_URL,
    diploma_url: publicUrlOf(account.diplomaKey),
    country: account.country,
    state: account.state,
    city: account.city,
    create_time: account.createdAt,
  };
}
