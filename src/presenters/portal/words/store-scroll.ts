// The wording of store-scroll.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const storeScrollWords = {
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
