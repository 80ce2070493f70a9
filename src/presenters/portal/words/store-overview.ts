// The wording of store-overview.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const storeOverviewWords = {
  title: { en: 'Credits', he: 'קרדיטים' },
  balance: { en: 'Credits left', he: 'קרדיטים שנותרו' },
  explain: {
    en: 'One credit is used for each sale, and for each scroll registered straight to a buyer. Credits are granted by the registry.',
    he: 'קרדיט אחד נצרך בכל מכירה, ובכל מזוזה שנרשמת ישירות לקונה. הקרדיטים מוענקים על ידי המרשם.',
  },
  ledger: { en: 'Credit history', he: 'היסטוריית קרדיטים' },
  none: { en: 'No credits have been granted or used yet.', he: 'עדיין לא הוענקו או נוצלו קרדיטים.' },
  date: { en: 'Date', he: 'תאריך' },
  change: { en: 'Change', he: 'שינוי' },
  reason: { en: 'Reason', he: 'סיבה' },
  balanceAfter: { en: 'Balance after', he: 'יתרה לאחר מכן' },
  grant: { en: 'Granted by the registry', he: 'הוענק על ידי המרשם' },
  sale: { en: 'Sale of scroll {uuid}', he: 'מכירת המזוזה {uuid}' },
  ownerRegistration: { en: 'Registration of scroll {uuid} straight to a buyer', he: 'רישום המזוזה {uuid} ישירות לקונה' },
  saleNoScroll: { en: 'Sale', he: 'מכירה' },
  ownerRegistrationNoScroll: { en: 'Registration straight to a buyer', he: 'רישום ישירות לקונה' },
  export: { en: 'Export the credit history (CSV)', he: 'ייצוא היסטוריית הקרדיטים (CSV)' },
} as const satisfies Record<string, Words>;
