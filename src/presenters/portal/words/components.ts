// The wording of components.ts, in both languages (see ../language.ts).
import type { Words } from '../language.ts';

export const componentWords = {
  previous: { en: 'Previous', he: 'הקודם' },
  next: { en: 'Next', he: 'הבא' },
  pageOf: { en: 'Page {page} of {pages} · {total} in all', he: 'עמוד {page} מתוך {pages} · {total} בסך הכול' },
  pages: { en: 'Pages', he: 'עמודים' },
  optional: { en: '(optional)', he: '(לא חובה)' },
} as const satisfies Record<string, Words>;
