// Why a megiah rejects a scroll: a short list a store can act on (send it to
// the sofer for repair, take it off sale, re-photograph it), with free text
// beside it for the details. The codes are stored and travel in the API; the
// wording is what the portal and the certificate print, in both languages.

export const rejectionReasons = [
  'missing_or_extra_letter',
  'invalid_letter_form',
  'spacing_or_layout',
  'parchment_or_ink',
  'not_the_examined_scroll',
  'other',
] as const;

export type RejectionReason = (typeof rejectionReasons)[number];

export function isRejectionReason(value: unknown): value is RejectionReason {
  return typeof value === 'string' && (rejectionReasons as readonly string[]).includes(value);
}

export const rejectionReasonWords: Readonly<Record<RejectionReason, { readonly en: string; readonly he: string }>> = {
  missing_or_extra_letter: { en: 'Missing or extra letter', he: 'אות חסרה או יתרה' },
  invalid_letter_form: { en: 'Invalid letter form (touching, broken)', he: 'צורת אות פסולה (נוגעת, שבורה)' },
  spacing_or_layout: { en: 'Spacing or paragraph layout', he: 'ריווח או סידור הפרשיות' },
  parchment_or_ink: { en: 'Damaged parchment or ink', he: 'פגם בקלף או בדיו' },
  not_the_examined_scroll: { en: 'Not the scroll I examined', he: 'אינה המזוזה שבדקתי' },
  other: { en: 'Other (see the note)', he: 'אחר (ראו בהערה)' },
};
