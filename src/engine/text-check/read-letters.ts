import type { PageMap } from '../page-map.ts';
import type { Gray } from '../raster.ts';
import { MEZUZAH_WORDS } from '../../text/mezuzah-text.ts';
import { alignLetters, type ExtraInk, type LetterOp, type TextLetter } from './align-letters.ts';
import { pageInk, type InkGroup } from './page-ink.ts';

// Where each of the text's 713 letters stands on a photo the reader has read:
// the page rectified through the reading's map, each line's ink in groups
// (page-ink.ts), aligned to the line's letters (align-letters.ts).

/** One letter of the text as read: its place (line 1–22, word and letter 1-based, as the text check reports them), how its ink was found, and its box in the pixels of the image read ([x, y, w, h]; null when missing). */
export type LetterReading = {
  readonly line: number;
  readonly word: number;
  readonly letter: number;
  readonly char: string;
  readonly op: LetterOp;
  readonly box: readonly [number, number, number, number] | null;
};

/** Ink no letter of the line took: after which letter of the text (word 0 / letter 0: before the line's first), and its box in the pixels of the image read. */
export type StrayInk = { readonly line: number; readonly word: number; readonly letter: number; readonly box: readonly [number, number, number, number] };

/** The text's letters, line by line, with where each word begins. */
const LINE_LETTERS: readonly (readonly (TextLetter & { word: number; letter: number })[])[] = MEZUZAH_WORDS.map((words) =>
  words.flatMap((w, wi) => [...w].map((char, li) => ({ char, startsWord: li === 0 && wi > 0, word: wi + 1, letter: li + 1 }))),
);

/** Every letter of the text as read in `img` through `map` (the reader's kept reading), and the ink no letter took; null when the page cannot be rectified. */
export function readLetters(img: Gray, map: PageMap): { letters: LetterReading[]; stray: StrayInk[] } | null {
  const ink = pageInk(img, map);
  if (!ink) return null;
  const boxOf = (groups: readonly InkGroup[]) => (groups.length === 0 ? null : photoBox(ink.page.toPhoto, groups));
  const letters: LetterReading[] = [];
  const stray: StrayInk[] = [];
  ink.lines.forEach((groups, l) => {
    const text = LINE_LETTERS[l];
    const read = alignLetters(groups, text);
    read.letters.forEach((a, i) => letters.push({ line: l + 1, word: text[i].word, letter: text[i].letter, char: text[i].char, op: a.op, box: boxOf(a.groups) }));
    for (const e of read.extra) stray.push(strayOf(l, e, text, boxOf([e.group])!));
  });
  return { letters, stray };
}

function strayOf(l: number, e: ExtraInk, text: readonly { word: number; letter: number }[], box: readonly [number, number, number, number]): StrayInk {
  const after = e.after >= 0 ? text[e.after] : { word: 0, letter: 0 };
  return { line: l + 1, word: after.word, letter: after.letter, box };
}

/** The photo's pixels around these groups: their rectified boxes' corners mapped to the photo, as [x, y, w, h]. */
function photoBox(toPhoto: (u: number, v: number) => [number, number], groups: readonly InkGroup[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { box } of groups) {
    for (const [u, v] of [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]] as const) {
      const [x, y] = toPhoto(u, v);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [Math.floor(minX), Math.floor(minY), Math.ceil(maxX) - Math.floor(minX), Math.ceil(maxY) - Math.floor(minY)];
}
