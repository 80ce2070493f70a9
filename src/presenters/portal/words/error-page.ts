// The wording of error-page.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

/** Each error page's title and what to do, by its reason (error-page.ts's ErrorPageReason). */
export const errorReasonWords = {
  400: {
    title: { en: 'The request could not be read', he: 'לא ניתן היה לקרוא את הבקשה' },
    detail: { en: 'Go back, check the form and try again.', he: 'חזרו אחורה, בדקו את הטופס ונסו שוב.' },
  },
  403: {
    title: { en: 'Not available to your account', he: 'לא זמין לחשבון שלך' },
    detail: { en: 'This page belongs to another kind of account.', he: 'דף זה שייך לסוג חשבון אחר.' },
  },
  404: {
    title: { en: 'Page not found', he: 'הדף לא נמצא' },
    detail: { en: 'The address may be mistyped, or the item no longer exists.', he: 'ייתכן שהכתובת שגויה או שהפריט אינו קיים עוד.' },
  },
  413: {
    title: { en: 'The upload is too large', he: 'הקובץ גדול מדי' },
    detail: { en: 'Choose a smaller photo and try again.', he: 'בחרו תמונה קטנה יותר ונסו שוב.' },
  },
  429: {
    title: { en: 'Too many attempts', he: 'יותר מדי ניסיונות' },
    detail: { en: 'Wait a minute, then try again.', he: 'המתינו דקה ונסו שוב.' },
  },
  500: {
    title: { en: 'Something went wrong', he: 'משהו השתבש' },
    detail: { en: 'The error has been logged. Try again in a moment.', he: 'השגיאה נרשמה. נסו שוב בעוד רגע.' },
  },
  503: {
    title: { en: 'The service is busy', he: 'השירות עמוס' },
    detail: { en: 'Try again in a moment.', he: 'נסו שוב בעוד רגע.' },
  },
  csrf: {
    title: { en: 'The form has expired', he: 'תוקף הטופס פג' },
    detail: {
      en: 'For your safety, forms work only from this site and only for a while. Reload the page and submit it again.',
      he: 'לביטחונכם, טפסים פועלים רק מאתר זה ולזמן מוגבל. טענו מחדש את הדף ושלחו שוב.',
    },
  },
} as const satisfies Record<string, { readonly title: Words; readonly detail: Words }>;

export const errorPageWords = {
  home: { en: 'Home', he: 'דף הבית' },
} as const satisfies Record<string, Words>;
