// The wording of admin-scrolls.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const adminScrollsWords = {
  title: { en: 'Scrolls awaiting verification', he: 'מזוזות הממתינות לאימות' },
  intro: {
    en: 'Every registered scroll whose examination has not been confirmed yet. Confirm one only when its megiah has told the registry that they examined it; the confirmation is recorded in your name.',
    he: 'כל המזוזות הרשומות שבדיקתן טרם אושרה. אשרו מזוזה רק כאשר המגיה שלה הודיע למרשם שבדק אותה; האישור נרשם על שמכם.',
  },
  none: { en: 'No scroll awaits verification.', he: 'אין מזוזות הממתינות לאימות.' },
} as const satisfies Record<string, Words>;
