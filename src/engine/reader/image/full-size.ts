import type { LineLayout } from '../../lines/line.ts';
import type { PageFit } from '../../page-map.ts';
import { MEZUZAH_LETTER_COUNT } from '../../../text/mezuzah-text.ts';
import { NO_LINES } from '../extraction.ts';
import { inkOf, isWeak, keepsMore, type ImageContext } from '../image-context.ts';
import { PLAIN_INK } from '../inks.ts';
import { lookAgain, readLines, traceLines } from '../page-reading.ts';
import type { Reading } from '../walk.ts';

/**
 * Lines of text of a mezuzah: its 22 lines hold 713 letters, so a photo of
 * one, whole or in part, shows no more lines of text (of TEXT_LINE_LETTERS
 * letters or more) than MEZUZAH_LINES, nor more letters on them than its own.
 * Only a text over both is taken for other text, the letters with a margin:
 * scroll photos reached at most 24 lines, and 881 letters on 23
 * (bench:stress blur8, letters broken into pieces; the tune set at 3 MP); printed
 * pages at 3 MP show 23–38 lines holding 1,101–2,583 letters.
 */
const MEZUZAH_LINES = 22;
const MAX_LETTER_SHARE = 1.5;
/** Lines with fewer letters than this (half a mezuzah's line) are not counted: a background's texture strings specks into short lines. */
const TEXT_LINE_LETTERS = 16;

/** Whether lines found show other text than a mezuzah's: more lines of text than it has, holding more letters. */
export function holdsOtherText(layout: LineLayout): boolean {
  const textLines = layout.lines.filter((line) => line.blobs.length >= TEXT_LINE_LETTERS);
  const letters = textLines.reduce((sum, line) => sum + line.blobs.length, 0);
  return textLines.length > MEZUZAH_LINES && letters > MAX_LETTER_SHARE * MEZUZAH_LETTER_COUNT;
}

/**
 * The image read at full size, for a reading still weak, and looked at again
 * through its own frame. Its failure is the answer when nothing reads, and its
 * lines decide whether the image shows other text (holdsOtherText: then no
 * fallback is read).
 */
export const fullSize: Reading<ImageContext, PageFit | null> = {
  name: 'full-size',
  fallback: false,
  when: (c) => isWeak(c.kept),
  read: (c) => {
    const ink = inkOf(c, PLAIN_INK);
    c.lines = traceLines(c.img, ink);
    c.otherText = !!c.lines && holdsOtherText(c.lines.layout);
    c.first = c.lines ? readLines(c.shot, c.lines) : NO_LINES;
    return c.first.kind === 'page' ? lookAgain(c.shot, c.img, c.first.fit, ink) : null;
  },
  keep: keepsMore,
};
