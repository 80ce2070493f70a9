// GET /store/scrolls/{uuid}: one scroll the store owns, its QR sticker and
// its certificate's downloads.
import type { ScrollDetails } from '../../db/records.ts';
import type { TextCheckOnPhoto } from '../../domain/text-check-on-photo.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { data, fact, notice, timestamp } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Language } from './language.ts';
import { renderPage } from './layout.ts';
import { examinationStatus, rejectionNotice } from './scroll-examination.ts';
import { saleForm } from './store-sale.ts';
import { storedTextCheckSection } from './text-check.ts';
import type { ViewContext } from './view-context.ts';
import { saleWords } from './words/store-sale.ts';
import { storeScrollWords as words } from './words/store-scroll.ts';

/** The verification badge, shared with the inventory: verified, rejected by the megiah, or awaiting the megiah. */
export function verifiedStatus(lang: Language, scroll: Pick<ScrollDetails, 'isVerified' | 'rejection'>): Html {
  return examinationStatus(lang, scroll);
}

const date = (value: string) => html`<time datetime="${value}" dir="ltr">${value}</time>`;

/** The page, with the text check of its registration photo and the sale form beside the credits left (`credits`). */
export function renderStoreScroll(ctx: ViewContext, scroll: ScrollDetails, credits: number, textCheck: TextCheckOnPhoto): string {
  const { lang } = ctx;
  const base = `/store/scrolls/${encodeURIComponent(scroll.uuid)}`;
  const preview = `/${publicUrlOf(scroll.previewKey)}`;
  // The boxes are drawn on the public preview; each place enlarged comes from the private photo, for this store only.
  const pictures = {
    photo: textCheck.photo === null ? null : { src: preview, size: textCheck.photo },
    cropOf: (number: number) => `${base}/text-check/${number}.jpg`,
  };
  const verification = scroll.isVerified
    ? html`<span class="status ok">${say(lang, words.verifiedOn, { when: timestamp(scroll.verifiedAt) })}</span>`
    : verifiedStatus(lang, scroll);
  const facts = [
    fact(lang, words.sofer, data(scroll.sofer.username, '')),
    fact(lang, words.megiah, data(scroll.megiah.username, '')),
    fact(lang, words.written, date(scroll.writtenDate)),
    fact(lang, words.examined, date(scroll.examinedDate)),
    fact(lang, words.font, data(scroll.font, '')),
    fact(lang, words.size, data(scroll.size, '')),
    ...(scroll.note === '' ? [] : [fact(lang, words.note, data(scroll.note, ''))]),
    fact(lang, words.verification, verification),
    fact(lang, words.registered, timestamp(scroll.createdAt)),
    fact(lang, words.qrCode, data(scroll.qrCode, 'code')),
    fact(lang, words.uuid, data(scroll.uuid, 'code')),
  ];
  return renderPage(ctx, {
    title: fillWords(words.title, { code: scroll.qrCode }),
    body: html`${scroll.isVerified ? '' : scroll.rejection !== null ? rejectionNotice(lang, scroll.rejection) : notice(lang, 'info', words.unverifiedNotice)}
<div class="grid two">
<figure class="card"><img class="preview" src="${preview}" alt="${words.photoAlt[lang]}"></figure>
<div class="card"><h2>${say(lang, words.facts)}</h2><dl class="facts">${facts}</dl></div>
</div>
${storedTextCheckSection(lang, textCheck.check, pictures)}
<div class="grid two">
<div class="card"><h2>${say(lang, words.sticker)}</h2>
<img class="sticker" src="${base}/sticker.svg" alt="${fillWords(words.stickerAlt, { code: scroll.qrCode })[lang]}">
<p>${say(lang, words.stickerText)}</p>
<p class="actions"><a class="button" href="/store/sticker-sheet.pdf?scroll=${encodeURIComponent(scroll.uuid)}" download>${say(lang, words.printSheet)}</a>
<a class="button secondary" href="${base}/sticker.png" download>${say(lang, words.stickerPng)}</a></p>
</div>
<div class="card"><h2>${say(lang, words.downloads)}</h2>
<p>${say(lang, words.certificateText)}</p>
<ul>
<li><a href="${base}/certificate.pdf" download>${say(lang, words.pdf)}</a></li>
<li><a href="${base}/certificate.png" download>${say(lang, words.png)}</a></li>
<li><a href="${base}/certificate.docx" download>${say(lang, words.docx)}</a></li>
</ul>
</div>
</div>
<div class="card" id="sale"><h2>${say(lang, saleWords.heading)}</h2>
${saleForm(ctx, scroll, credits)}
</div>
<p><a href="/store/inventory">${say(lang, words.back)}</a></p>`,
  });
}
