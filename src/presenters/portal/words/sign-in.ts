// The wording of sign-in.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const signInWords = {
  title: { en: 'Sign in', he: 'כניסה' },
  email: { en: 'Email', he: 'דוא"ל' },
  password: { en: 'Password', he: 'סיסמה' },
  submit: { en: 'Sign in', he: 'כניסה' },
  noPassword: {
    en: 'No password yet? Accounts are opened by the registry: your invitation email holds a link to choose one.',
    he: 'אין לכם סיסמה? חשבונות נפתחים על ידי המרשם: בהזמנה שקיבלתם יש קישור לבחירת סיסמה.',
  },
  inviteTitle: { en: 'Choose your password', he: 'בחירת סיסמה' },
  inviteFor: { en: 'Welcome, {name}. This sets the password of the account {email}.', he: 'ברוכים הבאים, {name}. כאן נקבעת הסיסמה של החשבון {email}.' },
  newPassword: { en: 'New password', he: 'סיסמה חדשה' },
  repeat: { en: 'Repeat the password', he: 'הקלידו שוב את הסיסמה' },
  rules: { en: 'At least {min} characters. A few unrelated words make a strong one.', he: 'לפחות {min} תווים. כמה מילים שאינן קשורות זו לזו יוצרות סיסמה חזקה.' },
  save: { en: 'Save and sign in', he: 'שמירה וכניסה' },
  invalidInvite: { en: 'Invitation link', he: 'קישור הזמנה' },
  unusable: {
    en: 'This invitation link has expired or was already used. Ask the registry for a new one.',
    he: 'תוקף קישור ההזמנה פג או שכבר נעשה בו שימוש. בקשו מהמרשם קישור חדש.',
  },
  mismatch: { en: 'The two passwords differ.', he: 'שתי הסיסמאות שונות.' },
  tooMany: { en: 'Too many failed sign-in attempts. Wait {minutes} minutes and try again.', he: 'יותר מדי ניסיונות כניסה שנכשלו. המתינו {minutes} דקות ונסו שוב.' },
} as const satisfies Record<string, Words>;
