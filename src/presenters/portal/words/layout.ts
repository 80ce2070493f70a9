// The wording of layout.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const layoutWords = {
  registry: { en: 'Mezuzah Registry', he: 'מרשם המזוזות' },
  skip: { en: 'Skip to content', he: 'דלגו לתוכן' },
  nav: { en: 'Main', he: 'ראשי' },
  check: { en: 'Check a mezuzah', he: 'בדיקת מזוזה' },
  compare: { en: 'Compare photos', he: 'השוואת תמונות' },
  signIn: { en: 'Sign in', he: 'כניסה' },
  signOut: { en: 'Sign out', he: 'יציאה' },
  storeOverview: { en: 'Credits', he: 'קרדיטים' },
  inventory: { en: 'Inventory', he: 'מלאי' },
  sales: { en: 'Sales', he: 'מכירות' },
  register: { en: 'Register a scroll', he: 'רישום מזוזה' },
  megiahQueue: { en: 'Awaiting examination', he: 'ממתינות לאישור בדיקה' },
  megiahHistory: { en: 'Your decisions', he: 'ההחלטות שלך' },
  adminAccounts: { en: 'Accounts', he: 'חשבונות' },
  adminScrolls: { en: 'Scrolls to verify', he: 'מזוזות לאימות' },
  apiKeys: { en: 'API keys', he: 'מפתחות API' },
  webhooks: { en: 'Webhooks', he: 'Webhooks' },
  password: { en: 'Password', he: 'סיסמה' },
  signedInAs: { en: 'Signed in as {name}', he: 'מחובר/ת בתור {name}' },
  /** The switch names the other language in that language. */
  otherLanguage: { en: 'עברית', he: 'English' },
} as const satisfies Record<string, Words>;
