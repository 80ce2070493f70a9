import type { Rejection } from '../domain/reject-scroll.ts';

/** A rejected examination: why, by whom and when (the first identical rejection, when repeated). */
export function presentRejection(rejection: Rejection) {
  const { scroll, rejection: current } = rejection;
  return {
    uuid: scroll.uuid,
    is_verified: scroll.isVerified,
    reason: current.reason,
    note: current.note,
    rejected_time: current.at,
    rejected_by: { uuid: current.by.uuid, username: current.by.username, role: current.by.role },
    already_rejected: rejection.alreadyRejected,
  };
}
