// The wording of scroll-examination.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const examinationWords = {
  verified: { en: 'Verified', he: 'מאומתת' },
  awaiting: { en: 'Awaiting the megiah', he: 'ממתינה למגיה' },
  rejected: { en: 'Rejected by the megiah', he: 'נדחתה על ידי המגיה' },
  heading: { en: 'The megiah rejected this scroll', he: 'המגיה דחה מזוזה זו' },
  reason: { en: 'Reason', he: 'סיבה' },
  note: { en: 'The megiah’s note', he: 'הערת המגיה' },
  decided: { en: 'Decided by {who}, {when}', he: 'הוחלט על ידי {who}, {when}' },
  meaning: {
    en: 'Until the megiah confirms it (for instance after a repair, when they examine it again), it counts as unverified: a scan of its QR code answers “not found”, and its certificate says it was rejected, with the reason.',
    he: 'עד שהמגיה יאשר אותה (למשל לאחר תיקון, כשיבדוק אותה שוב), היא נחשבת לא מאומתת: סריקת קוד ה-QR שלה עונה „לא נמצאה”, ובתעודה שלה כתוב שנדחתה, עם הסיבה.',
  },
} as const satisfies Record<string, Words>;
