import { MEZUZAH_WORDS } from '../text/mezuzah-text.ts';

// Approximate advance widths of STAM letters in letter heights. Only ratios matter:
// they let a run of ink be recognised as a given word, not measured against it.
const LETTER_WIDTH: Record<string, number> = {
  א: 1.0, ב: 0.95, ג: 0.6, ד: 0.9, ה: 0.95, ו: 0.3, ז: 0.35, ח: 0.95, ט: 0.95, י: 0.3, כ: 0.85, ך: 0.85,
  ל: 0.85, מ: 0.95, ם: 0.95, נ: 0.55, ן: 0.3, ס: 0.9, ע: 0.95, פ: 0.9, ף: 0.9, צ: 0.9, ץ: 0.9, ק: 0.95,
  ר: 0.85, ש: 1.1, ת: 1.0,
};
export const LETTER_GAP = 0.1;
export const WORD_GAP = 0.5;
/** A letter's advance width in letter heights (0.9 for a letter the table does not know). */
export const letterWidth = (ch: string): number => LETTER_WIDTH[ch] ?? 0.9;

export type TemplateWord = {
  /** Index of the word in the whole text, 0..169. */
  id: number;
  line: number;
  /** Width in letter heights. */
  width: number;
  /** Canonical position of the word's reading start and end along its line, in [0, 1] (0 = right margin). */
  start: number;
  end: number;
};

export const TEMPLATE_LINES: readonly (readonly TemplateWord[])[] = (() => {
  let id = 0;
  const lines = MEZUZAH_WORDS.map((words, line) =>
    words.map((w) => {
      let width = 0;
      for (const ch of w) width += letterWidth(ch);
      width += LETTER_GAP * (w.length - 1);
      return { id: id++, line, width, start: 0, end: 0 };
    }),
  );
  // Full lines are justified to the column width; lines 6 and 22 end early and,
  // like every line, start at the right margin.
  const lengths = lines.map((ws) => ws.reduce((a, w) => a + w.width, 0) + WORD_GAP * (ws.length - 1));
  const column = Math.max(...lengths);
  lines.forEach((ws, li) => {
    const natural = lengths[li];
    const justified = li !== 5 && li !== 21;
    const stretch = justified ? column / natural : 1;
    let pos = 0;
    for (const w of ws) {
      w.start = pos / column;
      pos += w.width * stretch;
      w.end = pos / column;
      pos += WORD_GAP * stretch;
    }
  });
  return lines;
})();

/** Canonical line pitch in column widths (a mezuzah's 22 lines stand about as tall as the column is wide). */
export const LINE_PITCH = 0.05;

/** Word ends in the text: each word's reading start (key 2·id) and reading end (key 2·id + 1). */
export const WORD_END_COUNT = 2 * TEMPLATE_LINES.reduce((a, l) => a + l.length, 0);

/** Where each word end stands on the canonical page, in column widths: x from the right margin, y down from the first line. */
export const CANONICAL_X = new Float64Array(WORD_END_COUNT);
export const CANONICAL_Y = new Float64Array(WORD_END_COUNT);
for (const line of TEMPLATE_LINES) {
  for (const w of line) {
    CANONICAL_X[2 * w.id] = w.start;
    CANONICAL_X[2 * w.id + 1] = w.end;
    CANONICAL_Y[2 * w.id] = CANONICAL_Y[2 * w.id + 1] = w.line * LINE_PITCH;
  }
}
