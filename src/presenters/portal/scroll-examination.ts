// Where a scroll's examination stands, as the store's pages show it: a badge
// (the inventory, the scroll's page) and, for a scroll its megiah rejected,
// the decision with its reason and note on the scroll's page.
import type { ScrollDetails, ScrollRejection } from '../../db/records.ts';
import { rejectionReasonWords } from '../../text/rejection-reasons.ts';
import { data, timestamp } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language } from './language.ts';
import { examinationWords as words } from './words/scroll-examination.ts';

/** The examination badge: verified, rejected, or awaiting the megiah. */
export function examinationStatus(lang: Language, scroll: Pick<ScrollDetails, 'isVerified' | 'rejection'>): Html {
  if (scroll.isVerified) return html`<span class="status ok">${say(lang, words.verified)}</span>`;
  if (scroll.rejection !== null) return html`<span class="status bad">${say(lang, words.rejected)}</span>`;
  return html`<span class="status warn">${say(lang, words.awaiting)}</span>`;
}

/** The rejection as the store reads it on the scroll's page: why, what the megiah wrote, who and when, what follows. */
export function rejectionNotice(lang: Language, rejection: ScrollRejection): Html {
  return html`<section class="notice error rejection" role="alert">
<h2>${say(lang, words.heading)}</h2>
<p><strong>${say(lang, words.reason)}:</strong> ${rejectionReasonWords[rejection.reason][lang]}</p>
${rejection.note === '' ? '' : html`<p><strong>${say(lang, words.note)}:</strong> <bdi class="note">${rejection.note}</bdi></p>`}
<p>${say(lang, words.decided, { who: data(rejection.by.username, ''), when: timestamp(rejection.at) })}</p>
<p>${say(lang, words.meaning)}</p>
</section>`;
}
