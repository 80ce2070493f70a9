// The wording of megiah-scroll.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const megiahScrollWords = {
  title: { en: 'Review a scroll', he: 'עיון במזוזה' },
  intro: {
    en: 'Look at each place the computer text check points at, on the scroll itself, then confirm or reject the examination. The check is an aid; your examination decides.',
    he: 'בדקו כל מקום שבדיקת המחשב מצביעה עליו, על הקלף עצמו, ואז אשרו או דחו את הבדיקה. בדיקת המחשב היא עזר; הבדיקה שלכם מכריעה.',
  },
  photoAlt: { en: 'The scroll as photographed at registration', he: 'המזוזה כפי שצולמה ברישום' },
  facts: { en: 'Details', he: 'פרטים' },
  decision: { en: 'Your decision', he: 'ההחלטה שלך' },
  alreadyVerified: { en: 'You confirmed this scroll’s examination {when}.', he: 'אישרת את בדיקת המזוזה הזו {when}.' },
  back: { en: 'Back to the scrolls awaiting you', he: 'חזרה למזוזות הממתינות לך' },
} as const satisfies Record<string, Words>;
