// How a decision's form answers: back to the queue's page it was sent from,
// with a one-time message saying what came of it. The admin's queue
// (admin/scrolls.ts) confirms through the same form and answers alike.
import type { verifyScroll } from '../../../../domain/verify-scroll.ts';
import { megiahQueueWords } from '../../../../presenters/portal/words/megiah-queue.ts';
import type { FlashMessages } from '../../respond.ts';

export const verificationFlashes: FlashMessages = {
  verified: { kind: 'ok', words: megiahQueueWords.verifiedFlash },
  already: { kind: 'ok', words: megiahQueueWords.alreadyFlash },
  notYours: { kind: 'error', words: megiahQueueWords.notYoursFlash },
  notFound: { kind: 'error', words: megiahQueueWords.notFoundFlash },
  bulkVerified: { kind: 'ok', words: megiahQueueWords.bulkVerifiedFlash },
  noneChosen: { kind: 'error', words: megiahQueueWords.noneChosenFlash },
  bulkRefused: { kind: 'error', words: megiahQueueWords.bulkRefusedFlash },
  rejected: { kind: 'ok', words: megiahQueueWords.rejectedFlash },
  alreadyRejected: { kind: 'ok', words: megiahQueueWords.alreadyRejectedFlash },
  verifiedNotRejected: { kind: 'error', words: megiahQueueWords.verifiedNotRejectedFlash },
  notYoursToReject: { kind: 'error', words: megiahQueueWords.notYoursToRejectFlash },
};

/** The flash that reports a verification's outcome, whoever asked for it. */
export function verificationFlashOf(outcome: Awaited<ReturnType<typeof verifyScroll>>): keyof typeof verificationFlashes {
  if (outcome.ok) return outcome.value.alreadyVerified ? 'already' : 'verified';
  return outcome.code === 'not_scroll_megiah' ? 'notYours' : 'notFound';
}

/** Back to the page the form was on: the list has shrunk by one, but the reader keeps their place. */
export function queuePathOf(base: string, page: string | undefined): string {
  return page !== undefined && /^[1-9][0-9]{0,6}$/.test(page) ? `${base}?page=${page}` : base;
}

/** The `page` a decision's form carries, so the answer returns to it. */
export type PageBody = { page?: string };
