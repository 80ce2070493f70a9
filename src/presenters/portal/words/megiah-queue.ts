// The wording of megiah-queue.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const megiahQueueWords = {
  title: { en: 'Scrolls awaiting your examination', he: 'מזוזות הממתינות לאישור הבדיקה שלך' },
  intro: {
    en: 'Each scroll below names you as its megiah. Confirm only a scroll you have examined yourself: once confirmed it counts as verified, and its QR code starts to answer scans. If it is not fit, reject it with a reason: the store sees your reason and note on the scroll’s page. Scrolls whose computer text check points at places to look at come first.',
    he: 'כל מזוזה ברשימה רשומה עם שמך כמגיה. אשרו רק מזוזה שבדקתם בעצמכם: לאחר האישור היא נחשבת מאומתת, וקוד ה-QR שלה מתחיל לענות לסריקות. אם אינה כשרה, דחו אותה עם סיבה: החנות רואה את הסיבה וההערה בדף המזוזה. מזוזות שבדיקת המחשב שלהן מצביעה על מקומות לבדיקה מופיעות ראשונות.',
  },
  none: { en: 'Nothing awaits your confirmation.', he: 'אין מזוזות הממתינות לאישורך.' },
  historyLink: { en: 'Your decisions so far', he: 'ההחלטות שלך עד כה' },
  preview: { en: 'Photo of scroll {uuid}', he: 'תמונת המזוזה {uuid}' },
  registered: { en: 'Registered', he: 'נרשמה' },
  sofer: { en: 'Sofer', he: 'סופר' },
  megiah: { en: 'Megiah', he: 'מגיה' },
  written: { en: 'Written', he: 'נכתבה' },
  examined: { en: 'Examined', he: 'נבדקה' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  uuid: { en: 'Scroll id', he: 'מזהה המזוזה' },
  review: { en: 'Review the scroll', he: 'עיון במזוזה' },
  confirm: { en: 'Confirm examination', he: 'אישור הבדיקה' },
  confirmQuestion: {
    en: 'Confirm that you examined this scroll? It will be shown as verified to anyone who scans it.',
    he: 'לאשר שבדקתם מזוזה זו? היא תוצג כמאומתת לכל מי שיסרוק אותה.',
  },
  pick: { en: 'Choose for confirming together', he: 'בחירה לאישור יחד' },
  bulkHint: {
    en: 'Examined several? Tick “Choose for confirming together” on each, then confirm them with one button.',
    he: 'בדקתם כמה? סמנו „בחירה לאישור יחד” בכל אחת, ואשרו את כולן בלחיצה אחת.',
  },
  bulkConfirm: { en: 'Confirm the chosen scrolls', he: 'אישור המזוזות שנבחרו' },
  bulkQuestion: {
    en: 'Confirm that you examined every chosen scroll? Each will be shown as verified to anyone who scans it.',
    he: 'לאשר שבדקתם כל מזוזה שנבחרה? כל אחת תוצג כמאומתת לכל מי שיסרוק אותה.',
  },
  reject: { en: 'Reject, with a reason', he: 'דחייה, עם סיבה' },
  reason: { en: 'Reason', he: 'סיבה' },
  chooseReason: { en: 'Choose a reason', he: 'בחרו סיבה' },
  note: { en: 'Note for the store', he: 'הערה לחנות' },
  optional: { en: '(optional)', he: '(לא חובה)' },
  noteHint: {
    en: 'Which letters, where, what to do. Required with “Other”. The store sees it; the certificate states the reason only.',
    he: 'אילו אותיות, היכן, ומה לעשות. חובה עם „אחר”. החנות רואה אותה; בתעודה מופיעה הסיבה בלבד.',
  },
  rejectButton: { en: 'Reject examination', he: 'דחיית הבדיקה' },
  rejectQuestion: {
    en: 'Reject this scroll? Its QR code will keep answering “not found”, and its certificate will say it was rejected.',
    he: 'לדחות מזוזה זו? קוד ה-QR שלה ימשיך לענות „לא נמצאה”, והתעודה שלה תציין שנדחתה.',
  },
  verifiedFlash: { en: 'Examination confirmed. The scroll is now verified.', he: 'הבדיקה אושרה. המזוזה מאומתת כעת.' },
  alreadyFlash: { en: 'This scroll had already been confirmed.', he: 'מזוזה זו כבר אושרה קודם לכן.' },
  notYoursFlash: { en: 'This scroll names another megiah; only that megiah can confirm it.', he: 'מזוזה זו רשומה על שם מגיה אחר; רק הוא יכול לאשר אותה.' },
  notFoundFlash: { en: 'No such scroll.', he: 'אין מזוזה כזו.' },
  bulkVerifiedFlash: { en: 'The chosen scrolls are confirmed and now verified.', he: 'המזוזות שנבחרו אושרו ומאומתות כעת.' },
  noneChosenFlash: { en: 'Choose at least one scroll to confirm.', he: 'בחרו לפחות מזוזה אחת לאישור.' },
  bulkRefusedFlash: {
    en: 'Nothing was confirmed: one of the chosen scrolls is unknown or names another megiah.',
    he: 'דבר לא אושר: אחת המזוזות שנבחרו אינה מוכרת או רשומה על שם מגיה אחר.',
  },
  rejectedFlash: {
    en: 'Rejected. The store sees your reason on the scroll’s page, and its QR code stays “not found”.',
    he: 'נדחתה. החנות רואה את הסיבה בדף המזוזה, וקוד ה-QR שלה ממשיך לענות „לא נמצאה”.',
  },
  alreadyRejectedFlash: { en: 'This scroll had already been rejected for this reason.', he: 'מזוזה זו כבר נדחתה מסיבה זו.' },
  verifiedNotRejectedFlash: {
    en: 'This scroll’s examination is already confirmed; a confirmation cannot be rejected.',
    he: 'בדיקת מזוזה זו כבר אושרה; אי אפשר לדחות אישור.',
  },
  notYoursToRejectFlash: { en: 'This scroll names another megiah; only that megiah can reject it.', he: 'מזוזה זו רשומה על שם מגיה אחר; רק הוא יכול לדחות אותה.' },
} as const satisfies Record<string, Words>;
