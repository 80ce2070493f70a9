// The wording of password.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const passwordWords = {
  title: { en: 'Change your password', he: 'שינוי סיסמה' },
  current: { en: 'Current password', he: 'הסיסמה הנוכחית' },
  next: { en: 'New password', he: 'סיסמה חדשה' },
  repeat: { en: 'Repeat the new password', he: 'הקלידו שוב את הסיסמה החדשה' },
  rules: { en: 'At least {min} characters.', he: 'לפחות {min} תווים.' },
  effect: { en: 'Your other signed-in browsers will be signed out.', he: 'שאר הדפדפנים המחוברים לחשבונכם יתנתקו.' },
  save: { en: 'Change password', he: 'שינוי הסיסמה' },
  mismatch: { en: 'The two new passwords differ.', he: 'שתי הסיסמאות החדשות שונות.' },
  changed: { en: 'Your password has been changed.', he: 'הסיסמה שונתה.' },
} as const satisfies Record<string, Words>;
