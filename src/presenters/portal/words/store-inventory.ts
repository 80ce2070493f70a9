// The wording of store-inventory.ts, in both languages (see ../language.ts).
import type { InventoryStatus } from '../../../domain/list-inventory.ts';
import type { Words } from '../language.ts';

export const inventoryWords = {
  title: { en: 'Inventory', he: 'מלאי' },
  search: { en: 'Search the inventory', he: 'חיפוש במלאי' },
  searchHint: {
    en: 'A QR code (or the address its sticker opens), sofer, megiah, script, size or words of the note. Every word must match.',
    he: 'קוד QR (או הכתובת שהמדבקה פותחת), סופר, מגיה, כתב, גודל או מילים מההערה. כל מילה חייבת להתאים.',
  },
  show: { en: 'Show', he: 'הצגה' },
  all: { en: 'All scrolls', he: 'כל המזוזות' },
  verified: { en: 'Verified', he: 'מאומתות' },
  awaiting: { en: 'Awaiting examination', he: 'ממתינות לאישור הבדיקה' },
  rejected: { en: 'Rejected by the megiah', he: 'נדחו על ידי המגיה' },
  searchButton: { en: 'Search', he: 'חיפוש' },
  clear: { en: 'Show all', he: 'הצגת הכול' },
  none: { en: 'No scrolls in your inventory yet.', he: 'אין עדיין מזוזות במלאי שלכם.' },
  noMatch: { en: 'No scroll matches.', he: 'אין מזוזה מתאימה.' },
  matching: { en: 'Scrolls matching “{search}”', he: 'מזוזות התואמות ל„{search}”' },
  pick: { en: 'Print', he: 'הדפסה' },
  pickOne: { en: 'Print the sticker of {code}', he: 'הדפסת המדבקה של {code}' },
  qrCode: { en: 'QR code', he: 'קוד QR' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  sofer: { en: 'Sofer', he: 'סופר' },
  megiah: { en: 'Megiah', he: 'מגיה' },
  status: { en: 'Status', he: 'מצב' },
  registered: { en: 'Registered', he: 'נרשמה' },
  details: { en: 'Details', he: 'פרטים' },
  sale: { en: 'Sale', he: 'מכירה' },
  sell: { en: 'Sell', he: 'מכירה' },
  sellOne: { en: 'Sell {code}', he: 'מכירת {code}' },
  printSheet: { en: 'Print the chosen stickers (A4 sheet, PDF)', he: 'הדפסת המדבקות שנבחרו (גיליון A4, PDF)' },
  printHint: {
    en: 'Tick the scrolls whose QR stickers you want, then print the sheet at actual size. A scroll awaiting examination may be labelled now: until the megiah confirms it, a scan of its sticker shows “registered, awaiting the examiner’s confirmation” and none of its details.',
    he: 'סמנו את המזוזות שאת מדבקות ה-QR שלהן אתם רוצים, והדפיסו את הגיליון בגודל אמיתי. אפשר כבר עכשיו להדביק מדבקה על מזוזה הממתינה לבדיקה: עד שהמגיה יאשר אותה, סריקת המדבקה מציגה „רשומה, ממתינה לאישור הבודק” ללא פרטי המזוזה.',
  },
  export: { en: 'Export these scrolls (CSV)', he: 'ייצוא המזוזות האלה (CSV)' },
  exportAll: { en: 'Export the inventory (CSV)', he: 'ייצוא המלאי (CSV)' },
  noneChosenFlash: { en: 'Choose at least one scroll whose sticker to print.', he: 'בחרו לפחות מזוזה אחת שאת המדבקה שלה להדפיס.' },
} as const satisfies Record<string, Words>;

export const inventoryStatusWords: Readonly<Record<InventoryStatus, Words>> = {
  all: inventoryWords.all,
  verified: inventoryWords.verified,
  awaiting: inventoryWords.awaiting,
  rejected: inventoryWords.rejected,
};
