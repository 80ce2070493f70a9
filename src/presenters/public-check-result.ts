import type { IdentifiedScroll } from '../domain/identify-scroll.ts';
import { publicUrlOf } from '../files/file-storage.ts';
import { dateAsTimestamp } from './timestamps.ts';

/** Two decimals is about 1 km: enough to show the region, not a buyer's house. */
const PRIVATE_COORDINATE_DECIMALS = 2;

function coordinate(value: number | null, isPrivate: boolean): number {
  // The spec types coordinates as numbers; an owner who never gave a location reports 0.
  if (value === null) return 0;
  if (!isPrivate) return value;
  const factor = 10 ** PRIVATE_COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

/** Spec §2.2, what anyone holding a photo of a registered scroll may learn. */
export function presentPublicCheckResult({ scroll, owner }: IdentifiedScroll) {
  const isPrivate = owner.role === 'user';
  return {
    status: 'success' as const,
    uuid: scroll.uuid,
    preview_url: publicUrlOf(scroll.previewKey),
    create_time: scroll.createdAt,
    examinated_time: dateAsTimestamp(scroll.examinedDate),
    font: scroll.font,
    owner: {
      username: owner.username,
      lat: coordinate(owner.lat, isPrivate),
      lng: coordinate(owner.lng, isPrivate),
      country: owner.country,
      role: owner.role,
      uuid: owner.uuid,
    },
    sofer: scroll.sofer.username,
    megiah: scroll.megiah.username,
  };
}
