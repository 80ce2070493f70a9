// The wording of home.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const homeWords = {
  title: { en: 'Is this the scroll it claims to be?', he: 'האם זו המזוזה שהיא מתיימרת להיות?' },
  intro: {
    en: 'Every registered mezuzah scroll was photographed when it was registered. A photo of the scroll in your hands tells whether it is that registered scroll, who wrote it, who examined it and who owns it.',
    he: 'כל מזוזה רשומה צולמה בעת רישומה. תמונה של המזוזה שבידכם מראה אם זו המזוזה הרשומה, מי כתב אותה, מי בדק אותה ולמי היא שייכת.',
  },
  check: { en: 'Check a mezuzah', he: 'בדיקת מזוזה' },
  compare: { en: 'Compare two photos', he: 'השוואת שתי תמונות' },
  partners: { en: 'Stores, scribes and examiners', he: 'חנויות, סופרים ומגיהים' },
  partnersText: {
    en: 'Sign in to manage your inventory, credits, certificates, examinations and API keys.',
    he: 'היכנסו לניהול המלאי, הקרדיטים, התעודות, הבדיקות ומפתחות ה-API.',
  },
  signIn: { en: 'Sign in', he: 'כניסה' },
} as const satisfies Record<string, Words>;
