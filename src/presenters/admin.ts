// What the admin CLI prints: fuller than the partner API's views, since the
// operator may see everything, but never a key's hash.
import type { Account, ScrollDetails } from '../db/records.ts';
import { publicUrlOf } from '../files/file-storage.ts';
import { presentScrollRecord } from './scroll-record.ts';

export function presentAccount(account: Account) {
  return {
    uuid: account.uuid,
    role: account.role,
    username: account.username,
    email: account.email,
    confirmed: account.confirmed,
    megiah_type: account.megiahType,
    company: account.company,
    country: account.country,
    state: account.state,
    city: account.city,
    lat: account.lat,
    lng: account.lng,
    avatar: publicUrlOf(account.avatarKey),
    diploma_url: publicUrlOf(account.diplomaKey),
    create_time: account.createdAt,
  };
}

export function presentAdminScroll(scroll: ScrollDetails, qrUrl: string) {
  return {
    ...presentScrollRecord(scroll),
    qr_code: scroll.qrCode,
    qr_url: qrUrl,
    verified_time: scroll.verifiedAt ?? '',
    rejection:
      scroll.rejection === null
        ? null
        : {
            reason: scroll.rejection.reason,
            note: scroll.rejection.note,
            rejected_time: scroll.rejection.at,
            rejected_by: { uuid: scroll.rejection.by.uuid, username: scroll.rejection.by.username, role: scroll.rejection.by.role },
          },
  };
}
