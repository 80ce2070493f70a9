// What a certificate says, in both languages and in reading order. The PDF,
// PNG and DOCX renderers all print exactly this, so wording, the choice of
// fields and their order live here and nowhere else.

import { MEZUZAH_LETTER_COUNT } from '../text/mezuzah-text.ts';
import { rejectionReasonWords } from '../text/rejection-reasons.ts';
import { replaceUnsafeCharacters } from '../text/unsafe-characters.ts';
import { withHebrewDate } from './hebrew-date.ts';
import type { CertificatePayload, CertificateTextCheck, PersonOnCertificate } from './payload.ts';

/** The same statement in English and Hebrew. */
export type Bilingual = { readonly en: string; readonly he: string };

/**
 * A field's value: data printed as is (a uuid, a date, a name — whatever
 * script it is in), or wording of our own that exists in both languages.
 */
export type FieldValue =
  | { readonly kind: 'data'; readonly text: string }
  | { readonly kind: 'words'; readonly text: Bilingual };

export const Tone = { plain: 'plain', good: 'good', warning: 'warning' } as const;
export type Tone = (typeof Tone)[keyof typeof Tone];

export type CertificateField = {
  readonly key: string;
  readonly label: Bilingual;
  readonly value: FieldValue;
  readonly tone: Tone;
};

export type CertificateSection = {
  readonly key: string;
  readonly heading: Bilingual;
  readonly fields: readonly CertificateField[];
};

export type CertificateContent = {
  /** The document's own title and subject, as a viewer lists them. */
  readonly metadata: { readonly title: string; readonly subject: string };
  readonly registry: Bilingual;
  readonly title: Bilingual;
  readonly subtitle: Bilingual;
  readonly status: {
    readonly verified: boolean;
    readonly headline: Bilingual;
    readonly detail: Bilingual;
  };
  /** Printed across the page while the scroll is unverified, so the state cannot be missed. */
  readonly watermark: Bilingual | null;
  readonly photo: { readonly jpeg: Uint8Array | null; readonly caption: Bilingual; readonly missing: Bilingual };
  readonly qr: { readonly url: string; readonly code: string; readonly codeLabel: Bilingual; readonly caption: Bilingual };
  readonly sections: readonly CertificateSection[];
  /** The computer text check in a sentence, printed after the sections across both halves of the page; null: none to state. */
  readonly textCheck: { readonly text: Bilingual; readonly tone: Tone } | null;
  readonly statement: Bilingual;
  readonly issued: { readonly label: Bilingual; readonly value: Bilingual };
};

/** Every fixed wording on a certificate. */
export const certificateWording = {
  registry: { en: 'Mezuzah Registry', he: 'מרשם המזוזות' },
  title: { en: 'Mezuzah Scroll Certificate', he: 'תעודת מזוזה' },
  subtitle: {
    en: 'Registration and examination of a handwritten mezuzah scroll',
    he: 'רישום ובדיקה של מזוזה בכתב יד',
  },
  verified: { en: 'Verified', he: 'מאומתת' },
  notVerified: { en: 'Not yet verified', he: 'טרם אומתה' },
  verifiedDetail: (date: string | null): Bilingual => ({
    en: `The megiah’s examination was confirmed${date ? ` on ${date}` : ''}.`,
    he: `בדיקת המגיה אושרה${date ? ` ב-${date}` : ''}.`,
  }),
  notVerifiedDetail: {
    en: 'The megiah has not yet confirmed this examination.',
    he: 'המגיה טרם אישר את הבדיקה.',
  },
  rejected: { en: 'Rejected by the megiah', he: 'נדחתה על ידי המגיה' },
  rejectedMark: { en: 'Rejected', he: 'נדחתה' },
  rejectedDetail: (date: string): Bilingual => ({
    en: `The megiah refused to confirm it on ${date}; the reason is below.`,
    he: `המגיה סירב לאשר את הבדיקה ב-${date}; הסיבה מפורטת להלן.`,
  }),
  photoCaption: { en: 'Photograph at registration', he: 'צילום בעת הרישום' },
  photoMissing: { en: 'No photograph on file', he: 'אין צילום במרשם' },
  codeLabel: { en: 'Code', he: 'קוד' },
  qrCaption: { en: 'Scan to verify', he: 'סרקו לאימות' },
  sections: {
    scroll: { en: 'The scroll', he: 'המזוזה' },
    people: { en: 'Sofer and megiah', he: 'הסופר והמגיה' },
    store: { en: 'Registering store', he: 'החנות הרושמת' },
    verification: { en: 'Verification', he: 'אימות' },
  },
  fields: {
    uuid: { en: 'Scroll ID', he: 'מזהה המזוזה' },
    font: { en: 'Script', he: 'סוג הכתב' },
    size: { en: 'Size', he: 'גודל' },
    written: { en: 'Written on', he: 'תאריך הכתיבה' },
    examined: { en: 'Examined on', he: 'תאריך הבדיקה' },
    lastRepaired: { en: 'Last repaired on', he: 'תיקון אחרון' },
    registered: { en: 'Registered on', he: 'תאריך הרישום' },
    note: { en: 'Note', he: 'הערה' },
    sofer: { en: 'Sofer (scribe)', he: 'הסופר' },
    soferDiploma: { en: 'Sofer’s diploma', he: 'תעודת הסמכה של הסופר' },
    megiah: { en: 'Megiah (examiner)', he: 'המגיה' },
    megiahDiploma: { en: 'Megiah’s diploma', he: 'תעודת הסמכה של המגיה' },
    store: { en: 'Store', he: 'שם החנות' },
    location: { en: 'Location', he: 'מקום' },
    status: { en: 'Status', he: 'מצב' },
    verifiedAt: { en: 'Verified on', he: 'תאריך האימות' },
    verifiedBy: { en: 'Verified by', he: 'אומתה על ידי' },
    rejectedAt: { en: 'Rejected on', he: 'תאריך הדחייה' },
    rejectedBy: { en: 'Rejected by', he: 'נדחתה על ידי' },
    rejectionReason: { en: 'Reason', he: 'סיבה' },
  },
  /**
   * The computer text check, one sentence in each language, put together from
   * these parts as the check and the examination stand (describeTextCheck).
   * `date` is the civil date in English, with the Hebrew date in Hebrew.
   */
  textCheck: {
    clean: (date: Bilingual): Bilingual => ({
      en: `Computer text check: all ${MEZUZAH_LETTER_COUNT} letters read, no missing, extra or wrong letters found (checked on ${date.en}).`,
      he: `בדיקת מחשב: כל ${MEZUZAH_LETTER_COUNT} האותיות נקראו, לא נמצאו אותיות חסרות, יתרות או שגויות (נבדקה ב-${date.he}).`,
    }),
    flagged: (parts: { read: Bilingual; found: Bilingual; review: Bilingual; date: Bilingual }): Bilingual => ({
      en: `Computer text check: ${parts.read.en}; ${parts.found.en}; ${parts.review.en} (checked on ${parts.date.en}).`,
      he: `בדיקת מחשב: ${parts.read.he}; ${parts.found.he}; ${parts.review.he} (נבדקה ב-${parts.date.he}).`,
    }),
    allRead: { en: `all ${MEZUZAH_LETTER_COUNT} letters read`, he: `כל ${MEZUZAH_LETTER_COUNT} האותיות נקראו` },
    partRead: (letters: number): Bilingual => ({
      en: `${letters} of the ${MEZUZAH_LETTER_COUNT} letters read, the rest not checked`,
      he: `${letters} מתוך ${MEZUZAH_LETTER_COUNT} האותיות נקראו, והשאר לא נבדק`,
    }),
    noneAmongRead: { en: 'no missing, extra or wrong letters found among them', he: 'לא נמצאו ביניהן אותיות חסרות, יתרות או שגויות' },
    onePlace: { en: '1 place flagged for the megiah', he: 'מקום אחד סומן לעיון המגיה' },
    places: (count: number): Bilingual => ({ en: `${count} places flagged for the megiah`, he: `${count} מקומות סומנו לעיון המגיה` }),
    confirmedAfter: { en: 'the megiah confirmed the examination after the check', he: 'המגיה אישר את הבדיקה לאחר בדיקת המחשב' },
    confirmedBefore: {
      en: 'the check was made after the megiah had confirmed the examination',
      he: 'בדיקת המחשב נעשתה לאחר שהמגיה אישר את הבדיקה',
    },
    rejected: { en: 'the megiah rejected the scroll', he: 'המגיה דחה את המזוזה' },
    awaiting: { en: 'awaiting the megiah’s review', he: 'ממתין לעיון המגיה' },
    aid: { en: 'An aid to the megiah, not a ruling.', he: 'עזר למגיה, לא הכרעה.' },
    pending: {
      en: 'Computer text check: not completed yet (it runs after registration).',
      he: 'בדיקת מחשב: טרם הושלמה (היא נעשית לאחר הרישום).',
    },
    failed: (date: Bilingual): Bilingual => ({
      en: `Computer text check: could not be made from the registration photo (${date.en}).`,
      he: `בדיקת מחשב: לא ניתן היה לבצע אותה מתמונת הרישום (${date.he}).`,
    }),
  },
  noDiploma: { en: 'None on file', he: 'לא הוגשה' },
  notApplicable: { en: '—', he: '—' },
  statement: {
    en: 'This certificate attests that the mezuzah scroll described above is recorded in the Mezuzah Registry. Scan the QR code to confirm its current status.',
    he: 'תעודה זו מאשרת כי המזוזה המתוארת לעיל רשומה במרשם המזוזות. לאימות מצבה העדכני יש לסרוק את קוד ה-QR.',
  },
  issued: { en: 'Issued on', he: 'הונפקה בתאריך' },
} as const;

/**
 * Stored text as a certificate prints it: every value is laid out on lines of
 * our own wrapping, so tabs and line breaks become spaces (pdf-lib would start
 * a new line over the next field at a line feed), and characters no stored
 * text may hold become U+FFFD. This is the one door client text comes through
 * into every certificate format, so none of them (PDF, PNG through SVG, DOCX's
 * XML) meets a control, a bidi override or a character XML forbids.
 */
function printable(text: string): string {
  return replaceUnsafeCharacters(text).replace(/[\t\n\r\u2028\u2029]/g, ' ');
}

const data = (text: string): FieldValue => ({ kind: 'data', text: printable(text) });
const words = (text: Bilingual): FieldValue => ({ kind: 'words', text });

/** Timestamps arrive as `YYYY-MM-DD HH:MM:SS` in UTC; the zone is printed so no reader assumes local time. */
function utc(timestamp: string): string {
  return `${timestamp} UTC`;
}

function field(key: keyof typeof certificateWording.fields, value: FieldValue, tone: Tone = Tone.plain): CertificateField {
  return { key, label: certificateWording.fields[key], value, tone };
}

/**
 * The text check in a sentence, as true as the state allows: a clean check
 * says all 713 letters were read and none found wanting; otherwise how much
 * was read, how many places were flagged, and what the megiah has done since
 * (confirmed after the check, before it, rejected, or not yet), dated.
 */
function describeTextCheck(check: CertificateTextCheck | null, scroll: CertificatePayload['scroll']): CertificateContent['textCheck'] {
  const w = certificateWording.textCheck;
  if (check === null) return null;
  if (check.state === 'pending') return { text: w.pending, tone: Tone.plain };
  const day = check.checkedAt.slice(0, 10);
  const date = { en: day, he: withHebrewDate(day) };
  if (check.state === 'failed') return { text: w.failed(date), tone: Tone.plain };
  const withAid = (text: Bilingual): Bilingual => ({ en: `${text.en} ${w.aid.en}`, he: `${text.he} ${w.aid.he}` });
  const allRead = check.lettersRead >= MEZUZAH_LETTER_COUNT;
  if (allRead && check.findings === 0) return { text: withAid(w.clean(date)), tone: Tone.good };
  const review = scroll.isVerified
    ? scroll.verifiedAt !== null && scroll.verifiedAt >= check.checkedAt
      ? w.confirmedAfter
      : w.confirmedBefore
    : scroll.rejection !== null
      ? w.rejected
      : w.awaiting;
  const found = check.findings === 0 ? w.noneAmongRead : check.findings === 1 ? w.onePlace : w.places(check.findings);
  const read = allRead ? w.allRead : w.partRead(check.lettersRead);
  return { text: withAid(w.flagged({ read, found, review, date })), tone: Tone.plain };
}

function diploma(person: PersonOnCertificate): FieldValue {
  return person.diplomaRef === '' ? words(certificateWording.noDiploma) : data(person.diplomaRef);
}

export function describeCertificate(p: CertificatePayload): CertificateContent {
  const w = certificateWording;
  const { scroll } = p;
  const verifiedAt = scroll.isVerified && scroll.verifiedAt ? utc(scroll.verifiedAt) : null;
  const rejection = scroll.isVerified ? null : scroll.rejection;

  const scrollFields: CertificateField[] = [
    field('uuid', data(scroll.uuid)),
    field('font', data(scroll.font)),
    field('size', data(scroll.size)),
    field('written', data(withHebrewDate(scroll.writtenDate))),
    field('examined', data(withHebrewDate(scroll.examinedDate))),
  ];
  if (scroll.lastRepairedDate !== null) scrollFields.push(field('lastRepaired', data(withHebrewDate(scroll.lastRepairedDate))));
  scrollFields.push(field('registered', data(utc(scroll.registeredAt))));
  if (scroll.note.trim() !== '') scrollFields.push(field('note', data(scroll.note.trim())));

  const location = [p.store.city, p.store.country].filter((part) => part.trim() !== '').join(', ');

  return {
    metadata: { title: `${w.title.en} — ${scroll.uuid}`, subject: `${w.title.he} · ${p.qr.url}` },
    registry: w.registry,
    title: w.title,
    subtitle: w.subtitle,
    status: scroll.isVerified
      ? {
          verified: true,
          headline: w.verified,
          // The date alone; the time and who confirmed it are in the verification section.
          detail: w.verifiedDetail(scroll.verifiedAt ? scroll.verifiedAt.slice(0, 10) : null),
        }
      : rejection !== null
        ? { verified: false, headline: w.rejected, detail: w.rejectedDetail(rejection.at.slice(0, 10)) }
        : { verified: false, headline: w.notVerified, detail: w.notVerifiedDetail },
    watermark: scroll.isVerified ? null : rejection !== null ? w.rejectedMark : w.notVerified,
    photo: { jpeg: p.preview, caption: w.photoCaption, missing: w.photoMissing },
    qr: { url: p.qr.url, code: p.qr.code, codeLabel: w.codeLabel, caption: w.qrCaption },
    sections: [
      { key: 'scroll', heading: w.sections.scroll, fields: scrollFields },
      {
        key: 'people',
        heading: w.sections.people,
        fields: [
          field('sofer', data(p.sofer.username)),
          field('soferDiploma', diploma(p.sofer)),
          field('megiah', data(p.megiah.username)),
          field('megiahDiploma', diploma(p.megiah)),
        ],
      },
      {
        key: 'store',
        heading: w.sections.store,
        fields: [
          field('store', data(p.store.username)),
          field('location', location === '' ? words(w.notApplicable) : data(location)),
        ],
      },
      {
        key: 'verification',
        heading: w.sections.verification,
        fields:
          rejection !== null
            ? [
                field('status', words(w.rejected), Tone.warning),
                field('rejectionReason', words(rejectionReasonWords[rejection.reason]), Tone.warning),
                field('rejectedAt', data(utc(rejection.at))),
                field('rejectedBy', data(rejection.by)),
              ]
            : [
                field(
                  'status',
                  words(scroll.isVerified ? w.verified : w.notVerified),
                  scroll.isVerified ? Tone.good : Tone.warning,
                ),
                field('verifiedAt', verifiedAt ? data(verifiedAt) : words(w.notApplicable)),
                field('verifiedBy', scroll.isVerified && scroll.verifiedBy ? data(scroll.verifiedBy) : words(w.notApplicable)),
              ],
      },
    ],
    textCheck: describeTextCheck(p.textCheck, scroll),
    statement: w.statement,
    // The English line states the civil date and time; the Hebrew line the Hebrew date beside the civil one.
    issued: { label: w.issued, value: { en: utc(p.issuedAt), he: withHebrewDate(p.issuedAt.slice(0, 10)) } },
  };
}

/** A words value in one line for layouts with a single value column: English, then Hebrew. */
export function valueInOneLine(value: FieldValue): string {
  if (value.kind === 'data') return value.text;
  return value.text.en === value.text.he ? value.text.en : `${value.text.en} · ${value.text.he}`;
}
