// The wording of megiah-history.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const megiahHistoryWords = {
  title: { en: 'Your decisions', he: 'ההחלטות שלך' },
  intro: {
    en: 'Every examination you confirmed or rejected, newest first. A scroll you rejected can be confirmed here once it has been repaired or examined again.',
    he: 'כל בדיקה שאישרתם או דחיתם, מהחדשה לישנה. מזוזה שדחיתם אפשר לאשר כאן לאחר שתוקנה או נבדקה שוב.',
  },
  none: { en: 'You have not confirmed or rejected any scroll yet.', he: 'עדיין לא אישרתם ולא דחיתם אף מזוזה.' },
  queueLink: { en: 'Back to the scrolls awaiting you', he: 'חזרה למזוזות הממתינות לך' },
  when: { en: 'When', he: 'מתי' },
  scroll: { en: 'Scroll', he: 'מזוזה' },
  decision: { en: 'Decision', he: 'החלטה' },
  note: { en: 'Note', he: 'הערה' },
  now: { en: 'Now', he: 'כעת' },
  confirmed: { en: 'Confirmed', he: 'אושרה' },
  rejected: { en: 'Rejected', he: 'נדחתה' },
  nowVerified: { en: 'Verified', he: 'מאומתת' },
  nowRejected: { en: 'Rejected', he: 'דחויה' },
  nowSuperseded: { en: 'Rejected again since', he: 'נדחתה שוב מאז' },
  nowAwaiting: { en: 'Awaiting examination', he: 'ממתינה לבדיקה' },
  confirmNow: { en: 'Confirm now', he: 'אישור כעת' },
  confirmNowQuestion: {
    en: 'Confirm this scroll now that it has been examined again? Your rejection ends, and it will be shown as verified to anyone who scans it.',
    he: 'לאשר את המזוזה כעת, לאחר שנבדקה שוב? הדחייה שלך מסתיימת, והיא תוצג כמאומתת לכל מי שיסרוק אותה.',
  },
} as const satisfies Record<string, Words>;
