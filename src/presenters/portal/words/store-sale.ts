// The wording of store-sale.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const saleWords = {
  title: { en: 'Sell scroll {code}', he: 'מכירת המזוזה {code}' },
  heading: { en: 'Record a sale', he: 'רישום מכירה' },
  credits: { en: 'Credits left: {credits}. A sale uses one.', he: 'קרדיטים שנותרו: {credits}. מכירה צורכת אחד.' },
  noCredits: {
    en: 'No credits left: a sale uses one credit, so none can be recorded now. Ask the registry for credits.',
    he: 'לא נותרו קרדיטים: מכירה צורכת קרדיט אחד, ולכן אי אפשר לרשום מכירה כעת. בקשו קרדיטים מהמרשם.',
  },
  buyer: { en: 'The buyer', he: 'הקונה' },
  hasAccount: { en: 'has an account in the registry', he: 'יש לו חשבון במרשם' },
  hasNoAccount: { en: 'has no account yet', he: 'עדיין אין לו חשבון' },
  account: { en: 'Buyer’s email or username', he: 'האימייל או שם המשתמש של הקונה' },
  accountHint: { en: 'As in the buyer’s account.', he: 'כפי שהם בחשבון של הקונה.' },
  newBuyer: { en: 'A buyer without an account', he: 'קונה ללא חשבון' },
  newBuyerHint: {
    en: 'The registry records the buyer under this email. If a buyer already has an account with it, the sale goes to that account.',
    he: 'המרשם רושם את הקונה תחת האימייל הזה. אם כבר יש לקונה חשבון עם האימייל הזה, המכירה נרשמת לחשבון ההוא.',
  },
  username: { en: 'Buyer’s name', he: 'שם הקונה' },
  email: { en: 'Buyer’s email', he: 'האימייל של הקונה' },
  country: { en: 'Country', he: 'מדינה' },
  city: { en: 'City', he: 'עיר' },
  note: { en: 'Note', he: 'הערה' },
  optional: { en: '(optional)', he: '(לא חובה)' },
  submit: { en: 'Record the sale (uses 1 credit)', he: 'רישום המכירה (צורך קרדיט אחד)' },
  busyLabel: { en: 'Recording…', he: 'נרשם…' },
  unverified: {
    en: 'The megiah has not yet confirmed this scroll’s examination. It may be sold now; until he confirms, a scan of its sticker shows “registered, awaiting the examiner’s confirmation”.',
    he: 'המגיה עדיין לא אישר את בדיקת המזוזה. אפשר למכור אותה כבר עכשיו; עד שיאשר, סריקת המדבקה מציגה „רשומה, ממתינה לאישור הבודק”.',
  },
  rejected: {
    en: 'The megiah refused to confirm this scroll’s examination. A buyer who checks it is told so, and a scan of its sticker finds no verified mezuzah. Sell it only as what it is, or have it repaired and examined again first.',
    he: 'המגיה סירב לאשר את בדיקת המזוזה. קונה שיבדוק אותה יקבל על כך הודעה, וסריקת המדבקה לא תמצא מזוזה מאומתת. מכרו אותה רק כפי שהיא, או תקנו אותה ומסרו אותה לבדיקה חוזרת קודם.',
  },
  noSuchBuyer: {
    en: 'No buyer can be found or recorded by these details. Check the email or username; a buyer who has no account is recorded by their details. Nothing was sold.',
    he: 'לא ניתן למצוא או לרשום קונה לפי הפרטים האלה. בדקו את האימייל או את שם המשתמש; קונה שאין לו חשבון נרשם לפי פרטיו. דבר לא נמכר.',
  },
  noCreditsRefusal: {
    en: 'No credits left: a sale uses one credit. Nothing was sold. Ask the registry for credits, then record the sale again.',
    he: 'לא נותרו קרדיטים: מכירה צורכת קרדיט אחד. דבר לא נמכר. בקשו קרדיטים מהמרשם, ואז רשמו את המכירה שוב.',
  },
  invalid: { en: 'Some details are missing or not valid (nothing was sold):', he: 'חלק מהפרטים חסרים או אינם תקינים (דבר לא נמכר):' },
  qrCode: { en: 'QR code', he: 'קוד QR' },
  font: { en: 'Script', he: 'כתב' },
  size: { en: 'Size', he: 'גודל' },
  sofer: { en: 'Sofer (scribe)', he: 'סופר' },
  back: { en: 'Back to the scroll', he: 'חזרה למזוזה' },
  soldFlash: {
    en: 'Sale recorded. The scroll belongs to its buyer now and has left your inventory; one credit was used.',
    he: 'המכירה נרשמה. המזוזה שייכת כעת לקונה ויצאה מהמלאי שלכם; נצרך קרדיט אחד.',
  },
  alreadySoldFlash: {
    en: 'This scroll was already sold (see below): the sale was not recorded again and no further credit was used.',
    he: 'המזוזה הזו כבר נמכרה (ראו למטה): המכירה לא נרשמה שוב ולא נצרך קרדיט נוסף.',
  },
} as const satisfies Record<string, Words>;
