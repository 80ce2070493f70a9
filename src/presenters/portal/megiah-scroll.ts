// GET /megiah/scrolls/{uuid}: one scroll as its megiah reviews it before
// deciding: the photo and facts, then the computer text check with each place
// it points at enlarged, then the confirm and reject forms of the queue.
import type { ScrollForReview } from '../../domain/read-scroll-for-review.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { data, fact, timestamp } from './components.ts';
import { html } from './html.ts';
import { say } from './language.ts';
import { renderPage } from './layout.ts';
import { confirmForm, megiahQueueView, rejectionForm } from './megiah-queue.ts';
import { examinationStatus, rejectionNotice } from './scroll-examination.ts';
import { storedTextCheckSection } from './text-check.ts';
import type { ViewContext } from './view-context.ts';
import { megiahQueueWords } from './words/megiah-queue.ts';
import { megiahScrollWords as words } from './words/megiah-scroll.ts';

export function renderMegiahScroll(ctx: ViewContext, review: ScrollForReview): string {
  const { lang } = ctx;
  const { scroll, textCheck } = review;
  const base = `/megiah/scrolls/${encodeURIComponent(scroll.uuid)}`;
  const preview = `/${publicUrlOf(scroll.previewKey)}`;
  const pictures = {
    photo: textCheck.photo === null ? null : { src: preview, size: textCheck.photo },
    cropOf: (number: number) => `${base}/text-check/${number}.jpg`,
  };
  const q = megiahQueueWords;
  const facts = [
    fact(lang, q.sofer, data(scroll.sofer.username, '')),
    fact(lang, q.written, html`<bdi dir="ltr">${scroll.writtenDate}</bdi>`),
    fact(lang, q.examined, html`<bdi dir="ltr">${scroll.examinedDate}</bdi>`),
    fact(lang, q.font, data(scroll.font, '')),
    fact(lang, q.size, data(scroll.size, '')),
    fact(lang, q.registered, timestamp(scroll.createdAt)),
    fact(lang, q.uuid, html`<bdi class="code">${scroll.uuid}</bdi>`),
  ];
  // A confirmed scroll stays confirmed (a buyer may hold it by it); a rejected one may be confirmed after a repair.
  const decision = scroll.isVerified
    ? html`<p>${examinationStatus(lang, scroll)} ${say(lang, words.alreadyVerified, { when: timestamp(scroll.verifiedAt) })}</p>`
    : html`${confirmForm(ctx, megiahQueueView.verifyAction(scroll.uuid), scroll, 0)}
${megiahQueueView.rejectAction === undefined ? '' : rejectionForm(ctx, megiahQueueView.rejectAction(scroll.uuid), scroll, 0, undefined)}`;
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
${scroll.rejection === null ? '' : rejectionNotice(lang, scroll.rejection)}
<div class="grid two">
<figure class="card"><img class="preview" src="${preview}" alt="${words.photoAlt[lang]}"></figure>
<div class="card"><h2>${say(lang, words.facts)}</h2><dl class="facts">${facts}</dl></div>
</div>
${storedTextCheckSection(lang, textCheck.check, pictures)}
<div class="card decision" id="decision"><h2>${say(lang, words.decision)}</h2>
${decision}
</div>
<p><a href="/megiah">${say(lang, words.back)}</a></p>`,
  });
}
