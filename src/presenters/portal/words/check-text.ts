// The wording of check-text.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const checkTextWords = {
  title: { en: 'The text of your photo, letter by letter', he: 'הטקסט שבתמונה שלך, אות אחר אות' },
  notKept: {
    en: 'Your photo was not kept: it is shown here inside this page alone, so this answer has no link of its own. To keep it, save or print the page.',
    he: 'התמונה שלך לא נשמרה: היא מוצגת רק בתוך הדף הזה, ולכן לתשובה אין קישור משלה. כדי לשמור אותה, שמרו או הדפיסו את הדף.',
  },
  noPictures: {
    en: 'The places are listed, but the photo could not be opened again to draw them on it.',
    he: 'המקומות מפורטים, אך לא ניתן היה לפתוח שוב את התמונה כדי לסמן אותם עליה.',
  },
} as const satisfies Record<string, Words>;
