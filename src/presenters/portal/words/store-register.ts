// The wording of store-register.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const registerWords = {
  title: { en: 'Register a scroll', he: 'רישום מזוזה' },
  intro: {
    en: 'Photograph the whole scroll, flat, in good light. The photo identifies the scroll from now on, so one scroll is registered once.',
    he: 'צלמו את כל המזוזה, פרושה, באור טוב. התמונה מזהה את המזוזה מעתה והלאה, ולכן כל מזוזה נרשמת פעם אחת בלבד.',
  },
  photo: { en: 'Photo of the scroll', he: 'תמונת המזוזה' },
  photoHint: { en: 'JPEG, PNG, WebP or HEIC. On a phone, take the photo or choose one you have.', he: 'JPEG, PNG, WebP או HEIC. בטלפון אפשר לצלם או לבחור תמונה קיימת.' },
  sofer: { en: 'Sofer (scribe)', he: 'סופר' },
  megiah: { en: 'Megiah (examiner)', he: 'מגיה' },
  choose: { en: 'Choose…', he: 'בחרו…' },
  noneConfirmed: {
    en: 'No confirmed {role} is listed yet; the registry confirms sofers and megiahs.',
    he: 'עדיין לא רשום {role} מאושר; המרשם מאשר סופרים ומגיהים.',
  },
  written: { en: 'Date written', he: 'תאריך הכתיבה' },
  examined: { en: 'Date examined', he: 'תאריך הבדיקה' },
  font: { en: 'Script', he: 'כתב' },
  fontHint: { en: 'For example Beit Yosef, Ari, Sephardi.', he: 'למשל בית יוסף, אר"י, ספרדי.' },
  size: { en: 'Size', he: 'גודל' },
  sizeHint: { en: 'For example 12 cm.', he: 'למשל 12 ס"מ.' },
  note: { en: 'Note', he: 'הערה' },
  optional: { en: '(optional)', he: '(לא חובה)' },
  owner: { en: 'Buyer’s email', he: 'האימייל של הקונה' },
  ownerHint: {
    en: 'Leave empty to put the scroll in your inventory. With the email of a buyer’s account, the scroll is registered straight to them and one credit is used.',
    he: 'השאירו ריק כדי שהמזוזה תיכנס למלאי שלכם. עם האימייל של חשבון קונה, המזוזה נרשמת ישירות אליו ונצרך קרדיט אחד.',
  },
  noSuchBuyer: {
    en: 'No buyer’s account can be named by this email. Nothing was registered. Check the email, or leave it empty to register into your inventory and record the sale from there (a buyer without an account is recorded at the sale).',
    he: 'לא ניתן לזהות חשבון קונה לפי האימייל הזה. דבר לא נרשם. בדקו את האימייל, או השאירו אותו ריק כדי לרשום למלאי שלכם ולרשום את המכירה משם (קונה ללא חשבון נרשם בעת המכירה).',
  },
  submit: { en: 'Register', he: 'רישום' },
  busyLabel: { en: 'Uploading…', he: 'מעלה…' },
  duplicate: {
    en: 'This scroll is already registered: the photo matches a registered scroll. A scroll is registered only once.',
    he: 'מזוזה זו כבר רשומה: התמונה תואמת מזוזה רשומה. כל מזוזה נרשמת פעם אחת בלבד.',
  },
  noCredits: {
    en: 'No credits left: registering straight to a buyer uses one credit. Nothing was registered. Leave the buyer empty to register into your inventory, or ask the registry for credits.',
    he: 'לא נותרו קרדיטים: רישום ישירות לקונה צורך קרדיט אחד. דבר לא נרשם. השאירו את שדה הקונה ריק כדי לרשום למלאי שלכם, או בקשו קרדיטים מהמרשם.',
  },
  invalidPhoto: {
    en: 'The scroll’s text cannot be read in this photo. Take it again: the whole scroll, flat, in focus and in good light.',
    he: 'לא ניתן לקרוא את כתב המזוזה בתמונה זו. צלמו שוב: את כל המזוזה, פרושה, בפוקוס ובאור טוב.',
  },
  invalidRequest: { en: 'Some details are missing or not valid:', he: 'חלק מהפרטים חסרים או אינם תקינים:' },
  busy: { en: 'The registry is busy. Please try again in a minute.', he: 'המרשם עמוס. נסו שוב בעוד דקה.' },
  photoAgain: { en: 'Choose the photo again before sending.', he: 'בחרו שוב את התמונה לפני השליחה.' },
} as const satisfies Record<string, Words>;
