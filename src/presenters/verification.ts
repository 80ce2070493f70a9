import type { Verification } from '../domain/verify-scroll.ts';

/** A confirmed examination: who confirmed it and when (the first confirmation, when repeated). */
export function presentVerification(verification: Verification) {
  const { scroll, verifiedBy } = verification;
  return {
    uuid: scroll.uuid,
    is_verified: scroll.isVerified,
    verified_time: scroll.verifiedAt ?? '',
    verified_by: { uuid: verifiedBy.uuid, username: verifiedBy.username, role: verifiedBy.role },
    already_verified: verification.alreadyVerified,
  };
}
