// The wording of check-compare.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const compareWords = {
  title: { en: 'Compare two photos', he: 'השוואת שתי תמונות' },
  intro: {
    en: 'Do two photos show the same physical scroll? For example the scroll you were shown in the store and the one you took home, or one scroll photographed years apart.',
    he: 'האם שתי תמונות מראות את אותו קלף? למשל המזוזה שהוצגה לכם בחנות וזו שהבאתם הביתה, או אותה מזוזה שצולמה בהפרש של שנים.',
  },
  first: { en: 'First photo', he: 'תמונה ראשונה' },
  second: { en: 'Second photo', he: 'תמונה שנייה' },
  notKept: {
    en: 'The photos are used for this comparison only and are not stored.',
    he: 'התמונות משמשות להשוואה זו בלבד ואינן נשמרות.',
  },
  submit: { en: 'Compare', he: 'השוואה' },
  comparing: { en: 'Comparing…', he: 'משווה…' },
  sameTitle: { en: 'The same scroll', he: 'אותה מזוזה' },
  same: { en: 'Both photos show the same physical scroll.', he: 'שתי התמונות מראות את אותו קלף.' },
  differentTitle: { en: 'Different scrolls', he: 'מזוזות שונות' },
  different: { en: 'The two photos show different scrolls.', he: 'שתי התמונות מראות קלפים שונים.' },
  similarity: { en: 'Similarity: {percent}', he: 'דמיון: {percent}' },
  unreadableTitle: { en: 'A photo cannot be read', he: 'לא ניתן לקרוא תמונה' },
  unreadableFirst: { en: 'No readable scroll text in the first photo.', he: 'לא נמצא כתב קריא של מזוזה בתמונה הראשונה.' },
  unreadableSecond: { en: 'No readable scroll text in the second photo.', he: 'לא נמצא כתב קריא של מזוזה בתמונה השנייה.' },
  unreadableBoth: { en: 'No readable scroll text in either photo.', he: 'לא נמצא כתב קריא של מזוזה באף אחת מהתמונות.' },
  another: { en: 'Compare other photos', he: 'השוואת תמונות אחרות' },
  unusable: { en: 'These uploads cannot be compared.', he: 'לא ניתן להשוות את הקבצים שהועלו.' },
} as const satisfies Record<string, Words>;
