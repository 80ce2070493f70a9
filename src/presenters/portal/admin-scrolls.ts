// GET /admin/scrolls: every scroll awaiting confirmation of its examination,
// which an admin may confirm on the megiah's behalf. The list itself is the
// megiah's (megiah-queue.ts), with the megiah named on each scroll.
import type { Words } from './language.ts';
import type { QueueView } from './megiah-queue.ts';

const words = {
  title: { en: 'Scrolls awaiting verification', he: 'מזוזות הממתינות לאימות' },
  intro: {
    en: 'Every registered scroll whose examination has not been confirmed yet. Confirm one only when its megiah has told the registry that they examined it; the confirmation is recorded in your name.',
    he: 'כל המזוזות הרשומות שבדיקתן טרם אושרה. אשרו מזוזה רק כאשר המגיה שלה הודיע למרשם שבדק אותה; האישור נרשם על שמכם.',
  },
  none: { en: 'No scroll awaits verification.', he: 'אין מזוזות הממתינות לאימות.' },
} as const satisfies Record<string, Words>;

export const adminQueueView: QueueView = {
  title: words.title,
  intro: words.intro,
  none: words.none,
  path: '/admin/scrolls',
  verifyAction: (uuid) => `/admin/scrolls/${encodeURIComponent(uuid)}/verify`,
  showMegiah: true,
};
