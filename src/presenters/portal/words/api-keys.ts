// The wording of api-keys.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const apiKeyWords = {
  title: { en: 'API keys', he: 'מפתחות API' },
  intro: {
    en: 'Your software sends a key in the X-Api-Key header. A key is shown once, when it is created: copy it into your software then. Revoke a key you no longer use, or that may have leaked; it stops working within seconds.',
    he: 'התוכנה שלכם שולחת מפתח בכותרת X-Api-Key. מפתח מוצג פעם אחת בלבד, בעת יצירתו: העתיקו אותו אז לתוכנה. בטלו מפתח שאינו בשימוש או שאולי דלף; הוא מפסיק לפעול תוך שניות.',
  },
  reference: {
    en: 'The API reference lists every operation, with examples, and lets you try each with a key.',
    he: 'תיעוד ה-API (באנגלית) מפרט כל פעולה, עם דוגמאות, ומאפשר לנסות כל אחת עם מפתח.',
  },
  referenceLink: { en: 'Open the API reference', he: 'לתיעוד ה-API' },
  create: { en: 'Create a key', he: 'יצירת מפתח' },
  label: { en: 'Label', he: 'תווית' },
  labelHint: { en: 'Where the key will be used, e.g. "shop website".', he: 'היכן ישמש המפתח, למשל "אתר החנות".' },
  yours: { en: 'Your keys', he: 'המפתחות שלכם' },
  none: { en: 'No keys yet.', he: 'אין עדיין מפתחות.' },
  prefix: { en: 'Begins with', he: 'מתחיל ב' },
  created: { en: 'Created', he: 'נוצר' },
  lastUsed: { en: 'Last used', he: 'שימוש אחרון' },
  never: { en: 'never', he: 'אף פעם' },
  state: { en: 'State', he: 'מצב' },
  active: { en: 'Active', he: 'פעיל' },
  revokedAt: { en: 'Revoked {when}', he: 'בוטל {when}' },
  revoke: { en: 'Revoke', he: 'ביטול' },
  confirmRevoke: { en: 'Revoke this key? Software using it will be refused within seconds.', he: 'לבטל מפתח זה? תוכנה המשתמשת בו תיחסם תוך שניות.' },
  newTitle: { en: 'Your new API key', he: 'מפתח ה-API החדש שלכם' },
  showOnce: {
    en: 'Copy it now. This is the only time it is shown: the registry keeps only a fingerprint of it and cannot show it again. If you lose it, revoke it and create another.',
    he: 'העתיקו אותו עכשיו. זו הפעם היחידה שהוא מוצג: המרשם שומר רק טביעה שלו ואינו יכול להציגו שוב. אם אבד, בטלו אותו וצרו חדש.',
  },
  copy: { en: 'Copy', he: 'העתקה' },
  copied: { en: 'Copied', he: 'הועתק' },
  back: { en: 'Back to your keys', he: 'חזרה למפתחות' },
  goneTitle: { en: 'This key has been shown', he: 'המפתח כבר הוצג' },
  gone: {
    en: 'A new key is shown once, on the page its creation opens, and the registry cannot show it again. If you did not copy it, revoke it in your keys and create another.',
    he: 'מפתח חדש מוצג פעם אחת, בדף שנפתח עם יצירתו, והמרשם אינו יכול להציגו שוב. אם לא העתקתם אותו, בטלו אותו ברשימת המפתחות וצרו חדש.',
  },
  revokedFlash: { en: 'The key has been revoked.', he: 'המפתח בוטל.' },
  unknownFlash: { en: 'No such key.', he: 'אין מפתח כזה.' },
} as const satisfies Record<string, Words>;
