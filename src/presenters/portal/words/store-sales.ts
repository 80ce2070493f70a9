// The wording of store-sales.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const salesWords = {
  title: { en: 'Sales', he: 'מכירות' },
  intro: {
    en: 'A sold scroll belongs to its buyer and leaves your inventory; each sale used one credit.',
    he: 'מזוזה שנמכרה שייכת לקונה ויוצאת מהמלאי שלכם; כל מכירה צרכה קרדיט אחד.',
  },
  none: { en: 'No sales yet.', he: 'עדיין אין מכירות.' },
  date: { en: 'Date', he: 'תאריך' },
  scroll: { en: 'Scroll (uuid)', he: 'מזוזה (uuid)' },
  buyer: { en: 'Buyer', he: 'קונה' },
  note: { en: 'Note', he: 'הערה' },
  export: { en: 'Export the sales (CSV)', he: 'ייצוא המכירות (CSV)' },
} as const satisfies Record<string, Words>;
