// The text check's fields, shared by the public check of a photo
// (public/text-check.ts) and a registration's stored check
// (store/mezuzah-text-check.ts): one description of each, for both.
import { TEXT_FINDING_KINDS } from '../../../domain/check-scroll-text.ts';

/** What each kind of finding means, for the document. */
const KIND_MEANINGS: Readonly<Record<(typeof TEXT_FINDING_KINDS)[number], string>> = {
  missing_letter: 'a letter of the text is not there',
  extra_letter: 'a letter stands where the text has none',
  wrong_letter: 'another letter stands in place of the text\'s (often a look-alike: ו/י/ז/ן, ד/ר/ך, ב/כ, ה/ח/ת, ס/ם ...)',
  swapped_letters: 'two neighbouring letters are written in each other\'s place',
  touching_letters: 'two letters touch, where each must stand alone',
  broken_letter: 'a letter is not whole: a stroke is broken',
  missing_word: 'a word of the text is not there',
  extra_word: 'a word stands where the text has none',
};

export const textVerdictSchema = {
  type: 'string',
  enum: ['no_errors_found', 'errors_found'],
  description:
    '`no_errors_found` only when every one of the 713 letters of the text was read and none was found wanting; `errors_found` otherwise: when there is at least one finding, or when the photo did not let all 713 letters be read (then `findings` may be empty, and `read` says how much was). A photo that shows part of the scroll is answered for what it shows: findings only there, never `no_errors_found`.',
} as const;

export const textFindingSchema = {
  $id: 'TextFinding',
  type: 'object',
  required: ['kind', 'line', 'word', 'letter', 'expected', 'found', 'confidence', 'box'],
  properties: {
    kind: {
      type: 'string',
      enum: [...TEXT_FINDING_KINDS],
      description: TEXT_FINDING_KINDS.map((kind) => `\`${kind}\`: ${KIND_MEANINGS[kind]}.`).join(' '),
    },
    line: { type: 'integer', minimum: 1, maximum: 22, description: 'The line of the standard 22-line layout, 1–22.' },
    word: {
      type: 'integer',
      minimum: 0,
      description: "1-based index of the word in that line of the correct text; for `extra_word` the word it follows (0: at the line's start).",
    },
    letter: {
      type: 'integer',
      minimum: 0,
      nullable: true,
      description:
        "1-based index of the letter in that word of the correct text (`swapped_letters`, `touching_letters`: the first of the two); for `extra_letter` the letter it follows (0: at the word's start); null for `missing_word` and `extra_word`.",
    },
    expected: { type: 'string', description: 'The correct letters there; "" for the extra kinds.' },
    found: { type: 'string', description: 'What was read there; "" for the missing kinds.' },
    confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure the check is of this finding, 0–1.' },
    box: {
      type: 'array',
      items: { type: 'integer' },
      minItems: 4,
      maxItems: 4,
      description: '`[x, y, w, h]`: where, in the pixels of the photo as uploaded, turned upright as its EXIF orientation says.',
    },
  },
  examples: [{ kind: 'wrong_letter', line: 3, word: 2, letter: 4, expected: 'ד', found: 'ר', confidence: 0.82, box: [1412, 388, 41, 47] }],
} as const;

export const textReadSchema = {
  $id: 'TextRead',
  type: 'object',
  required: ['lines', 'words', 'letters'],
  description:
    'How much of the text was read and tied to the correct text: at most 22 lines, 170 words and 713 letters. Fewer means a partial view, whose findings cover only what was read: part of the scroll outside the photo or covered, lines too blurred to be told letter by letter or lying along the edge of a shadow, letters washed out by glare.',
  properties: {
    lines: { type: 'integer', minimum: 0, maximum: 22 },
    words: { type: 'integer', minimum: 0, maximum: 170 },
    letters: { type: 'integer', minimum: 0, maximum: 713 },
  },
  examples: [{ lines: 22, words: 170, letters: 713 }],
} as const;

/** What the check is, in words every text-check endpoint states. */
export const TEXT_CHECK_AID_DOC =
  'The check reads every letter of the scroll and compares it with the text of the mezuzah: it is an aid to the megiah, pointing at places to look at, never a ruling on whether the scroll is kosher; only the megiah decides.';
