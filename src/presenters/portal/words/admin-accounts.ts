// The wording of admin-accounts.ts, in both languages (see ../language.ts).
import type { Role } from '../../../db/records.ts';
import type { Words } from '../language.ts';

export const roleWords = {
  user: { en: 'User (buyer)', he: 'משתמש (קונה)' },
  store: { en: 'Store', he: 'חנות' },
  agent: { en: 'Agent (store that registers)', he: 'סוכן (חנות הרושמת מזוזות)' },
  sofer: { en: 'Sofer', he: 'סופר' },
  megiah: { en: 'Megiah', he: 'מגיה' },
  admin: { en: 'Admin', he: 'מנהל' },
} as const satisfies Record<Role, Words>;

export const adminAccountsWords = {
  title: { en: 'Accounts', he: 'חשבונות' },
  create: { en: 'Create an account', he: 'יצירת חשבון' },
  filter: { en: 'Find accounts', he: 'חיפוש חשבונות' },
  role: { en: 'Role', he: 'תפקיד' },
  anyRole: { en: 'Any role', he: 'כל התפקידים' },
  search: { en: 'Name or email contains', he: 'השם או הדוא"ל מכילים' },
  find: { en: 'Find', he: 'חיפוש' },
  none: { en: 'No account matches.', he: 'אין חשבון מתאים.' },
  username: { en: 'Name', he: 'שם' },
  email: { en: 'Email', he: 'דוא"ל' },
  confirmed: { en: 'Confirmed', he: 'מאושר' },
  created: { en: 'Created', he: 'נוצר' },
  yes: { en: 'Confirmed', he: 'מאושר' },
  no: { en: 'Not confirmed', he: 'לא מאושר' },
  notApplicable: { en: '—', he: '—' },
  newTitle: { en: 'Create an account', he: 'יצירת חשבון' },
  newIntro: {
    en: 'The holder then needs a password: open the new account and create an invitation link for them.',
    he: 'לאחר מכן בעל החשבון צריך סיסמה: פתחו את החשבון החדש וצרו עבורו קישור הזמנה.',
  },
  usernameLabel: { en: 'Name', he: 'שם' },
  usernameHint: { en: 'Shown in the directory and on certificates for sofers and megiahs.', he: 'מוצג במדריך ובתעודות עבור סופרים ומגיהים.' },
  country: { en: 'Country', he: 'מדינה' },
  state: { en: 'State or district', he: 'מחוז' },
  city: { en: 'City', he: 'עיר' },
  megiahType: { en: 'Megiah type', he: 'סוג מגיה' },
  megiahTypeHint: { en: 'Megiahs only, e.g. "certified".', he: 'למגיהים בלבד, למשל "מוסמך".' },
  company: { en: 'Company', he: 'חברה' },
  confirmedLabel: { en: 'Confirmed (sofers and megiahs appear in the directory only once confirmed)', he: 'מאושר (סופרים ומגיהים מופיעים במדריך רק לאחר אישור)' },
  submit: { en: 'Create the account', he: 'יצירת החשבון' },
} as const satisfies Record<string, Words>;
