// GET /store/scrolls/{uuid}: one scroll the store owns, its QR sticker and
// its certificate's downloads.
import type { ScrollDetails } from '../../db/records.ts';
import { publicUrlOf } from '../../files/file-storage.ts';
import { data, fact, notice, timestamp } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Language, type Words } from './language.ts';
import { renderPage } from './layout.ts';
import { examinationStatus, rejectionNotice } from './scroll-examination.ts';
import { saleForm, saleWords } from './store-sale.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Scroll {code}', he: 'מזוזה {code}' },
  photoAlt: { en: 'The scroll as photographed at registration', he: 'המזוזה כפי שצולמה ברישום' },
  facts: { en: 'Details', he: 'פרטים' },
  sofer: { en: 'Sofer (scribe)', he: 'סופר' },
  megiah: { en: 'Megiah (examiner)', he: 'מגיה' },
  written: { en: 'Written', he: 'נכתבה' },
  examined: { en: 'Examined', he: 'נבדקה' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  note: { en: 'Note', he: 'הערה' },
  verifiedOn: { en: 'Verified {when}', he: 'אומתה {when}' },
  verification: { en: 'Verification', he: 'אימות' },
  registered: { en: 'Registered', he: 'נרשמה' },
  qrCode: { en: 'QR code', he: 'קוד QR' },
  uuid: { en: 'Scroll id (uuid)', he: 'מזהה המזוזה (uuid)' },
  sticker: { en: 'QR sticker', he: 'מדבקת QR' },
  stickerAlt: { en: 'QR sticker with the code {code}', he: 'מדבקת QR עם הקוד {code}' },
  stickerText: {
    en: 'Print it and stick it on the scroll’s case. Anyone who scans it sees this scroll’s record.',
    he: 'הדפיסו אותה והדביקו על בית המזוזה. כל מי שסורק אותה רואה את רשומת המזוזה.',
  },
  printSheet: { en: 'Print the sticker (A4 label sheet, PDF)', he: 'הדפסת המדבקה (גיליון מדבקות A4, PDF)' },
  unverifiedNotice: {
    en: 'The megiah has not yet confirmed the examination. You may print and attach the QR sticker now: until the megiah confirms, a scan of it shows “registered, awaiting the examiner’s confirmation”, without the scroll’s details.',
    he: 'המגיה עדיין לא אישר את הבדיקה. אפשר להדפיס ולהדביק את מדבקת ה-QR כבר עכשיו: עד שהמגיה יאשר, סריקתה מציגה „רשומה, ממתינה לאישור הבודק”, ללא פרטי המזוזה.',
  },
  downloads: { en: 'Downloads', he: 'הורדות' },
  certificate: { en: 'Certificate', he: 'תעודה' },
  certificateText: {
    en: 'The certificate is made on the first download and made again whenever a fact it states changes.',
    he: 'התעודה נוצרת בהורדה הראשונה, ונוצרת מחדש בכל פעם שפרט המופיע בה משתנה.',
  },
  pdf: { en: 'Certificate (PDF)', he: 'תעודה (PDF)' },
  png: { en: 'Certificate (image, PNG)', he: 'תעודה (תמונה, PNG)' },
  docx: { en: 'Certificate (Word, DOCX)', he: 'תעודה (Word, DOCX)' },
  stickerPng: { en: 'QR sticker (PNG, for printing)', he: 'מדבקת QR (PNG, להדפסה)' },
  back: { en: 'Back to the inventory', he: 'חזרה למלאי' },
  registeredFlash: { en: 'Registered. The scroll is in your inventory.', he: 'נרשמה. המזוזה נמצאת במלאי שלכם.' },
} as const satisfies Record<string, Words>;

export const storeScrollWords = words;

/** The verification badge, shared with the inventory: verified, rejected by the megiah, or awaiting the megiah. */
export function verifiedStatus(lang: Language, scroll: Pick<ScrollDetails, 'isVerified' | 'rejection'>): Html {
  return examinationStatus(lang, scroll);
}

const date = (value: string) => html`<time datetime="${value}" dir="ltr">${value}</time>`;

/** The page, with the sale form beside the credits left (`credits`). */
export function renderStoreScroll(ctx: ViewContext, scroll: ScrollDetails, credits: number): string {
  const { lang } = ctx;
  const base = `/store/scrolls/${encodeURIComponent(scroll.uuid)}`;
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
<figure class="card"><img class="preview" src="/${publicUrlOf(scroll.previewKey)}" alt="${words.photoAlt[lang]}"></figure>
<div class="card"><h2>${say(lang, words.facts)}</h2><dl class="facts">${facts}</dl></div>
</div>
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
