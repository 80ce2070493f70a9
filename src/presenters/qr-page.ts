// The public page a QR sticker leads to ({PUBLIC_BASE_URL}/q/{code}): server-
// rendered HTML, Hebrew and English side by side, no script, one inline style
// sheet allowed by its hash. Every value from the database is escaped.
import { createHash } from 'node:crypto';
import { certificateWording, type Bilingual } from '../certificates/certificate-content.ts';
import type { Account } from '../db/records.ts';
import type { ScannedScroll } from '../domain/look-up-scanned-scroll.ts';
import { publicUrlOf } from '../files/file-storage.ts';
import { describePlace } from './place.ts';
import { escapeHtml } from './portal/html.ts';

const wording = {
  pageTitle: { en: 'Mezuzah check', he: 'בדיקת מזוזה' },
  found: {
    headline: { en: 'Verified mezuzah', he: 'מזוזה מאומתת' },
    /** `{store}` and `{place}` stand for values inserted after escaping. */
    detail: {
      en: 'Registered, examined and verified. Offered by {store}{place}.',
      he: 'רשומה, נבדקה ואומתה. מוצעת על ידי {store}{place}.',
    },
  },
  sold: {
    headline: { en: 'Verified mezuzah · sold', he: 'מזוזה מאומתת · נמכרה' },
    detail: {
      en: 'Registered, examined and verified. It has been sold and now belongs to its owner.',
      he: 'רשומה, נבדקה ואומתה. המזוזה נמכרה ושייכת כעת לבעליה.',
    },
  },
  notFound: {
    headline: { en: 'No verified mezuzah has this code', he: 'לא נמצאה מזוזה מאומתת עם קוד זה' },
    detail: {
      en: 'Check the code printed under the QR code. If it matches, this sticker does not belong to a mezuzah the registry can vouch for: ask the seller.',
      he: 'בדקו את הקוד המודפס מתחת לקוד ה-QR. אם הוא תואם, המדבקה אינה שייכת למזוזה שהמרשם יכול להעיד עליה: שאלו את המוכר.',
    },
  },
  awaiting: {
    headline: { en: 'Registered, awaiting the examiner’s confirmation', he: 'רשומה, ממתינה לאישור המגיה' },
    detail: {
      en: 'This sticker belongs to a mezuzah registered in the registry, whose examiner (megiah) has not yet confirmed the examination. Until then the registry shows none of its details; once confirmed, this page shows who wrote and examined it. Scan again later, or ask the seller.',
      he: 'המדבקה שייכת למזוזה הרשומה במרשם, שהמגיה שלה טרם אישר את הבדיקה. עד אז המרשם אינו מציג את פרטיה; לאחר האישור יוצג בדף זה מי כתב ומי בדק אותה. סרקו שוב מאוחר יותר, או שאלו את המוכר.',
    },
  },
  codeLabel: certificateWording.codeLabel,
  certificate: { en: 'Certificate (PDF)', he: 'תעודה (PDF)' },
  footer: {
    en: 'Information as recorded in the Mezuzah Registry.',
    he: 'המידע כפי שנרשם במרשם המזוזות.',
  },
} as const;

// Mobile first: one column, large text; side-by-side labels from 40rem.
const css = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Hebrew","DejaVu Sans",Arial,sans-serif;color:#1d2330;background:#f4f1ea}
main{max-width:40rem;margin:0 auto;padding:1rem}
header{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;padding:.75rem 1rem;background:#1f3a5f;color:#fff;font-weight:600}
.bi{display:flex;justify-content:space-between;align-items:baseline;gap:.75rem;flex-wrap:wrap}
.bi>[lang=he]{margin-left:auto;text-align:right}
.status{border-radius:.75rem;padding:1rem;margin:0 0 1rem;border:2px solid}
.status.ok{background:#e8f5ec;border-color:#2e7d4f}
.status.sold{background:#eef2f8;border-color:#1f3a5f}
.status.none{background:#fdf0e6;border-color:#b85c1c}
.status.awaiting{background:#fff4e0;border-color:#b26a00}
h1{font-size:1.35rem;line-height:1.25;margin:0 0 .5rem}
.status p{margin:.25rem 0}
p[lang=he],div[lang=he]{text-align:right}
figure{margin:0 0 1rem;background:#fff;border-radius:.75rem;padding:.5rem}
figure img{display:block;width:100%;height:auto;max-height:60vh;object-fit:contain;border-radius:.5rem;background:#ddd}
figcaption{font-size:.85rem;color:#4a4f5c;padding:.25rem .25rem 0}
dl{margin:0 0 1rem;background:#fff;border-radius:.75rem;padding:0 1rem}
dl>div{padding:.6rem 0;border-bottom:1px solid #e6e1d6}
dl>div:last-child{border-bottom:0}
dt{font-size:.85rem;color:#4a4f5c}
dd{margin:.1rem 0 0;font-size:1.05rem;font-weight:600;overflow-wrap:anywhere}
.code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.08em}
a.cert{display:flex;justify-content:center;flex-wrap:wrap;gap:.35rem 1.25rem;padding:.85rem;margin:0 0 1rem;border-radius:.75rem;background:#1f3a5f;color:#fff;font-weight:600;text-decoration:none}
footer{font-size:.8rem;color:#4a4f5c;padding:0 1rem 2rem;max-width:40rem;margin:0 auto}
@media (min-width:40rem){dl>div{display:grid;grid-template-columns:14rem 1fr;gap:1rem;align-items:baseline}}
`.trim();

/** The page's Content-Security-Policy: nothing but its own style sheet and same-origin images. */
export const qrPageContentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Data (names, dates, codes) in whatever script: isolated so it cannot reorder the text around it. */
const value = (text: string, className = '') => `<bdi${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</bdi>`;

/** Our own wording in both languages, side by side: English at the left, Hebrew at the right. */
const bilingual = (text: Bilingual, tag = 'span') =>
  `<${tag} lang="en">${escapeHtml(text.en)}</${tag}><${tag} lang="he" dir="rtl">${escapeHtml(text.he)}</${tag}>`;

/** A sentence pair, stacked: Hebrew right-aligned, English left-aligned. Values inside are escaped already. */
const sentences = (he: string, en: string) => `<p lang="he" dir="rtl">${he}</p><p lang="en">${en}</p>`;

function row(label: Bilingual, valueHtml: string): string {
  return `<div><dt class="bi">${bilingual(label)}</dt><dd>${valueHtml}</dd></div>`;
}

function page(title: Bilingual, body: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title.en} · ${title.he}`)}</title>
<style>${css}</style>
</head>
<body>
<header>${bilingual(certificateWording.registry)}</header>
<main>
${body}
</main>
<footer>${sentences(escapeHtml(wording.footer.he), escapeHtml(wording.footer.en))}</footer>
</body>
</html>
`;
}

/** Relative to the page at `{base}/q/{code}`, so it holds behind any path prefix of PUBLIC_BASE_URL. */
const fromPage = (key: string) => `../${publicUrlOf(key)}`;

export function presentQrPage(scanned: ScannedScroll): string {
  const { scroll, heldBy, registeredBy, verifiedBy, certificate } = scanned;
  const w = certificateWording;
  const place = (account: Account, lang: 'en' | 'he') => describePlace(account, lang) ?? '';

  let status: string;
  if (heldBy === null) {
    status = `<section class="status sold"><h1 class="bi">${bilingual(wording.sold.headline)}</h1>${sentences(
      escapeHtml(wording.sold.detail.he),
      escapeHtml(wording.sold.detail.en),
    )}</section>`;
  } else {
    // The sentence is escaped first and the values go in isolated, so a store's name can neither inject nor reorder.
    const fill = (sentence: string, lang: 'en' | 'he') => {
      const where = place(heldBy, lang);
      return escapeHtml(sentence).replace(/\{(store|place)\}/g, (_, name: string) =>
        name === 'store' ? value(heldBy.username) : where === '' ? '' : `, ${value(where)}`,
      );
    };
    const { detail } = wording.found;
    status = `<section class="status ok"><h1 class="bi">${bilingual(wording.found.headline)}</h1>${sentences(fill(detail.he, 'he'), fill(detail.en, 'en'))}</section>`;
  }

  const registeredAt = [registeredBy.username, place(registeredBy, 'en')].filter((p) => p !== '').join(' · ');
  const rows = [
    row(w.fields.sofer, value(scroll.sofer.username)),
    row(w.fields.megiah, value(scroll.megiah.username)),
    row(w.fields.written, value(scroll.writtenDate)),
    row(w.fields.examined, value(scroll.examinedDate)),
    row(w.fields.verifiedAt, value(scroll.verifiedAt === null ? '' : scroll.verifiedAt.slice(0, 10))),
    row(w.fields.verifiedBy, value(verifiedBy.username)),
    ...(scroll.lastRepairedDate === null ? [] : [row(w.fields.lastRepaired, value(scroll.lastRepairedDate))]),
    row(w.fields.font, value(scroll.font)),
    row(w.fields.size, value(scroll.size)),
    row(w.sections.store, value(registeredAt)),
    row(w.fields.uuid, value(scroll.uuid, 'code')),
    row(wording.codeLabel, value(scroll.qrCode, 'code')),
  ];

  const photo = `<figure><img src="${escapeHtml(fromPage(scroll.previewKey))}" alt="${escapeHtml(
    `${w.photoCaption.en} · ${w.photoCaption.he}`,
  )}"><figcaption class="bi">${bilingual(w.photoCaption)}</figcaption></figure>`;
  const certificateLink =
    certificate === undefined
      ? ''
      : `<a class="cert" href="${escapeHtml(fromPage(certificate.pdfKey))}">${bilingual(wording.certificate)}</a>`;

  return page(scanned.status === 'found' ? wording.found.headline : wording.sold.headline, `${status}
${photo}
<dl>${rows.join('')}</dl>
${certificateLink}`);
}

/** Longer than any code; what a person typed is echoed only this far. */
const ECHOED_CODE_LENGTH = 32;

/** Shown for an unknown or mistyped code, or a rejected scroll's; the code is echoed (escaped) so a typo can be seen. */
export function presentQrPageNotFound(typed: string): string {
  return unresolvedPage(typed, wording.notFound, 'none');
}

/** A registered scroll whose examination is not yet confirmed: said so, with none of its details (the API answers 404 for it). */
export function presentQrPageAwaiting(typed: string): string {
  return unresolvedPage(typed, wording.awaiting, 'awaiting');
}

function unresolvedPage(typed: string, words: { readonly headline: Bilingual; readonly detail: Bilingual }, kind: string): string {
  const code = typed.length > ECHOED_CODE_LENGTH ? `${typed.slice(0, ECHOED_CODE_LENGTH)}…` : typed;
  return page(words.headline, `<section class="status ${kind}"><h1 class="bi">${bilingual(words.headline)}</h1>${sentences(
    escapeHtml(words.detail.he),
    escapeHtml(words.detail.en),
  )}</section>
<dl>${row(wording.codeLabel, value(code, 'code'))}</dl>`);
}
