// GET /admin/scrolls: every scroll awaiting confirmation of its examination,
// which an admin may confirm on the megiah's behalf. The list itself is the
// megiah's (megiah-queue.ts), with the megiah named on each scroll.
import type { QueueView } from './megiah-queue.ts';
import { adminScrollsWords as words } from './words/admin-scrolls.ts';

export const adminQueueView: QueueView = {
  title: words.title,
  intro: words.intro,
  none: words.none,
  path: '/admin/scrolls',
  verifyAction: (uuid) => `/admin/scrolls/${encodeURIComponent(uuid)}/verify`,
  showMegiah: true,
};
