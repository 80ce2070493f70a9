// The wording of text-check.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';
import type { TextFindingKind } from '../../../engine/types.ts';

export const textCheckWords = {
  heading: { en: 'Computer text check', he: 'בדיקת מחשב' },
  aid: {
    en: 'An aid to the megiah: the computer reads every letter and points at places to look at. It is never a ruling on whether the scroll is kosher; only the megiah decides.',
    he: 'עזר למגיה: המחשב קורא כל אות ומצביע על מקומות שכדאי לבדוק. אין זו הכרעה אם המזוזה כשרה; רק המגיה מכריע.',
  },
  pendingTitle: { en: 'Being checked', he: 'בבדיקה' },
  pending: {
    en: 'The registration photo is read letter by letter after registering; the result usually follows within seconds. Reload the page to see it.',
    he: 'תמונת הרישום נקראת אות אחר אות לאחר הרישום; התוצאה מגיעה בדרך כלל תוך שניות. טענו את הדף מחדש כדי לראות אותה.',
  },
  failedTitle: { en: 'The check could not be made', he: 'לא ניתן היה לבצע את הבדיקה' },
  failed: {
    en: 'Given up {when}. The megiah examines the scroll as always. The reason, as the check gave it:',
    he: 'הבדיקה הופסקה {when}. המגיה בודק את המזוזה כרגיל. הסיבה, כפי שהבדיקה מסרה אותה (באנגלית):',
  },
  cleanTitle: { en: 'No errors found', he: 'לא נמצאו שגיאות' },
  clean: {
    en: 'All {letters} letters were read, and none was found missing, extra, wrong, swapped, touching or broken.',
    he: 'כל {letters} האותיות נקראו, ולא נמצאה אות חסרה, יתרה, שגויה, מוחלפת, נוגעת או שבורה.',
  },
  onePlaceTitle: { en: '1 place to look at', he: 'מקום אחד לבדיקה' },
  placesTitle: { en: '{count} places to look at', he: '{count} מקומות לבדיקה' },
  places: {
    en: 'The check points at each place below for the megiah to look at: it may hold an error, or it may not.',
    he: 'הבדיקה מצביעה על כל מקום שלהלן כדי שהמגיה יבדוק אותו: ייתכן שיש בו שגיאה, וייתכן שלא.',
  },
  partialTitle: { en: 'Part of the text could not be read', he: 'חלק מהטקסט לא נקרא' },
  partial: {
    en: 'Only {letters} of the {total} letters were read; the rest was not checked.',
    he: 'רק {letters} מתוך {total} האותיות נקראו; השאר לא נבדק.',
  },
  linesRead: { en: 'Lines read', he: 'שורות שנקראו' },
  wordsRead: { en: 'Words read', he: 'מילים שנקראו' },
  lettersRead: { en: 'Letters read', he: 'אותיות שנקראו' },
  readOf: { en: '{read} of {total}', he: '{read} מתוך {total}' },
  checkedAt: { en: 'Checked', he: 'נבדקה' },
  photoAlt: {
    en: 'The photo, each place the check points at outlined and numbered',
    he: 'התמונה, וכל מקום שהבדיקה מצביעה עליו מסומן וממוספר',
  },
  photoCaption: {
    en: 'Each place is outlined and numbered as in the list.',
    he: 'כל מקום מסומן וממוספר כמו ברשימה.',
  },
  place: { en: 'Place {number}', he: 'מקום {number}' },
  letterAt: { en: 'Line {line}, word {word}, letter {letter}', he: 'שורה {line}, מילה {word}, אות {letter}' },
  lettersAt: { en: 'Line {line}, word {word}, letters {letter} and {next}', he: 'שורה {line}, מילה {word}, אותיות {letter} ו-{next}' },
  beforeFirstLetter: { en: 'Line {line}, word {word}, before its first letter', he: 'שורה {line}, מילה {word}, לפני האות הראשונה' },
  afterLetter: { en: 'Line {line}, word {word}, after letter {letter}', he: 'שורה {line}, מילה {word}, אחרי אות {letter}' },
  wordAt: { en: 'Line {line}, word {word}', he: 'שורה {line}, מילה {word}' },
  beforeFirstWord: { en: 'Line {line}, before its first word', he: 'שורה {line}, לפני המילה הראשונה' },
  afterWord: { en: 'Line {line}, after word {word}', he: 'שורה {line}, אחרי מילה {word}' },
  expected: { en: 'Correct text', he: 'הנוסח הנכון' },
  found: { en: 'Found', he: 'נמצא' },
  nothing: { en: 'nothing', he: 'אין' },
  confidence: { en: 'Confidence', he: 'ודאות' },
  cropAlt: { en: 'Place {number}, enlarged from the photo', he: 'מקום {number}, מוגדל מתוך התמונה' },
  notEnlarged: {
    en: 'Places after the first {count} are listed without an enlarged picture; the photo above outlines them all.',
    he: 'המקומות שאחרי {count} הראשונים מופיעים ללא תמונה מוגדלת; התמונה למעלה מסמנת את כולם.',
  },
} as const satisfies Record<string, Words>;

/** Each kind of finding in words. */
export const findingKindWords: Readonly<Record<TextFindingKind, Words>> = {
  missing_letter: { en: 'Missing letter', he: 'אות חסרה' },
  extra_letter: { en: 'Extra letter', he: 'אות יתרה' },
  wrong_letter: { en: 'Wrong letter', he: 'אות שגויה' },
  swapped_letters: { en: 'Letters in swapped order', he: 'אותיות בסדר הפוך' },
  touching_letters: { en: 'Touching letters', he: 'אותיות נוגעות' },
  broken_letter: { en: 'Broken letter', he: 'אות שבורה' },
  missing_word: { en: 'Missing word', he: 'מילה חסרה' },
  extra_word: { en: 'Extra word', he: 'מילה יתרה' },
};
