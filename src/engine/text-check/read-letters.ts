import { median } from '../geometry.ts';
import { applyHomography, invertHomography } from '../homography.ts';
import { uncurl, type PageMap } from '../page-map.ts';
import type { Gray } from '../raster.ts';
import { LINE_PITCH, TEMPLATE_LINES } from '../template.ts';
import { DILATABLE_LETTERS, LARGE_LETTERS, MEZUZAH_WORDS } from '../../text/mezuzah-text.ts';
import { alignLetters, lineScale, type AlignedLetter, type ExtraInk, type HandWidths, type LetterOp, type TextLetter } from './align-letters.ts';
import { handLetters, type HandLetters } from './hand-letters.ts';
import { boxedLookAlikeOf, lookAlikeOf, neighbourRatio, UNLIKE_OWN, unlikeItsOwn, type BoxedLookAlike, type LookAlike } from './look-alikes.ts';
import { COARSE_GRID, darknessInBox, FINE_GRID, letterDarkness, letterShape, lineFrame, localFrames, type LineFrame, type ShapeGrid } from './letter-shapes.ts';
import { edgeWidths, type EdgeWidths } from './edge-width.ts';
import { levelsOf, paleAmong, piecesInFaintInk } from './firm-ink.ts';
import { pageInk, spanOf, type Box, type InkGroup, type PageInk } from './page-ink.ts';
import { brokenEnds, brokenTops, drawnDownAs, endsAsFarAs, handExtent, sideEnds, type HandExtent } from './stroke-ends.ts';
import { fragmentsOf, partsWithin } from './letter-parts.ts';
import { notSeen, unseenRuns, washedOutShare } from './unseen-letters.ts';

// Where each of the text's 713 letters stands on a photo the reader has read,
// and how it is written: the page rectified through the reading's map, each
// line's ink in groups (page-ink.ts), aligned to the line's letters by their
// widths and gaps (align-letters.ts); the letters so read teach the hand's
// shapes (hand-letters.ts), and each line is aligned again with what a group's
// shape says of the letter it would be.

/** One letter of the text as read: its place (line 1–22, word and letter 1-based, as the text check reports them), how its ink was found, and its box in the pixels of the image read ([x, y, w, h]; null when missing, a partial letter's the part's). */
export type LetterReading = {
  readonly line: number;
  readonly word: number;
  readonly letter: number;
  readonly char: string;
  readonly op: LetterOp;
  readonly box: readonly [number, number, number, number] | null;
  /** Of a letter read alone (`match`, `swap`); null otherwise, or when the hand has no other instance of its letter, or none of a look-alike. */
  readonly lookAlike: LookAlike | null;
  /** Of a letter read alone (`match`), its ink drawn in its own box against the hand's so drawn (look-alikes.ts, BoxedLookAlike), with `meanRatio` as LookAlike's toward that look-alike; null as `lookAlike`, for an enlarged letter or ink too short to box, where it does not end as far below the line as the hand's instances of its letter do, and where no look-alike both ends as far down as it does and stands nearer it on the frame. */
  readonly inBox: (BoxedLookAlike & { readonly meanRatio: number }) | null;
  /**
   * Of a letter read alone (`match`), how near the hand's instances of the
   * letters before and after it in its word its ink is, against its own
   * letter's (fine grid, as LookAlike's ratio: under 1, nearer the
   * neighbour's); null where there is no such neighbour, where the neighbour
   * is the same letter (a doubled letter), or where the hand has too few
   * instances of either letter. Two neighbours each written as the other's
   * letter are swapped, look-alikes or not.
   */
  readonly toward: { readonly before: number | null; readonly after: number | null };
  /** Into how many pieces its ink falls, faint ink joining what it joins (firm-ink.ts): a letter read alone may be one group of several blobs that overlap along the line, as a ה's leg under its roof. */
  readonly pieces: number;
  /** A letter read missing with a part of it standing in its place (fragmentsOf): written, but not whole. */
  readonly partial: boolean;
};

/** Ink no letter of the line took: after which letter of the text (word 0 / letter 0: before the line's first), and its box in the pixels of the image read. */
export type StrayInk = {
  readonly line: number;
  readonly word: number;
  readonly letter: number;
  readonly box: readonly [number, number, number, number];
  /** Whether it is part of ink as wide as a word, between word gaps, that no word of the text takes. */
  readonly inWord: boolean;
  /** The hand's letter it is most like ('' when its shape could not be read). */
  readonly readAs: string;
};

export type LettersRead = {
  /** The letters of the words the photo shows, in text order. */
  readonly letters: LetterReading[];
  readonly stray: StrayInk[];
  /** The letters' edges' median width in letter heights, over the page and line by line (edge-width.ts). */
  readonly edges: EdgeWidths;
};

/** A letter of the text: its place (1-based) and whether it is one of the enlarged letters of the first verse (no instance of its letter: the hand writes no other at its size). */
type TextPlace = TextLetter & { readonly word: number; readonly letter: number; readonly large: boolean };

/** The text's letters, line by line, with where each word begins. */
export const LINE_LETTERS: readonly (readonly TextPlace[])[] = MEZUZAH_WORDS.map((words, l) =>
  words.flatMap((w, wi) =>
    [...w].map((char, li) => ({
      char,
      startsWord: li === 0 && wi > 0,
      mayStretch: wi === words.length - 1 && DILATABLE_LETTERS.has(char),
      word: wi + 1,
      letter: li + 1,
      large: LARGE_LETTERS.some(([line, word, letter]) => line === l && word === wi && letter === li),
    })),
  ),
);

/**
 * What a group's shape adds to the cost of its being a letter: nothing within
 * SHAPE_FREE spreads of the hand's instances, then SHAPE_WEIGHT a spread, up
 * to SHAPE_COST_CAP (less than a letter missing and ink left over together, so
 * that a letter written wrong is still read in its place, as wrong).
 */
const SHAPE_FREE = 2;
const SHAPE_WEIGHT = 1;
const SHAPE_COST_CAP = 8;

/** A dilatable letter this much wider than the hand writes it is stretched: a hand's widths vary by about a tenth. */
const STRETCHED = 1.25;

/** Every letter of the text as read in `img` through `map` (the reader's kept reading), on a page of at most `maxSide` px; null when the page cannot be rectified. */
export function readLetters(img: Gray, map: PageMap, maxSide?: number): LettersRead | null {
  const ink = pageInk(img, map, maxSide);
  if (!ink) return null;
  const seen = seenWords(img, map);
  const lines = ink.lines.map((groups, l) => {
    const text = LINE_LETTERS[l].filter((t) => seen[l][t.word - 1]);
    const frame = lineFrame(groups.filter((g) => !g.small));
    const frames = localFrames(groups, frame);
    const shapes = groups.map((g, j) => (frames[j] ? letterShape(ink.labels, ink.page.image.width, [g], frames[j]!, COARSE_GRID) : null));
    return { groups, text, frame, frames, shapes, first: alignLetters(groups, text) };
  });
  // The hand's instances of its letters: the first reading's letters read alone, the enlarged ones aside (the hand writes no other at their size), line by line.
  const alone = lines.map(({ text, first }) => first.letters.flatMap((a, i) => (a.op === 'match' && !text[i].large ? [{ char: text[i].char, group: a.groups[0] }] : [])));
  const hand = handOf(alone.flatMap((letters, l) => letters.map(({ char, group }) => ({ char, shape: lines[l].shapes[group.index] }))), COARSE_GRID);
  const extent = handExtent(alone.flatMap((letters, l) => letters.flatMap(({ char, group }) => {
      const frame = lines[l].frames[group.index];
      return frame ? [{ char, groups: [group], frame }] : [];
    })));
  const widths = handWidths(lines.map(({ groups, text, first }) => ({ scale: lineScale(groups, text), letters: first.letters.flatMap((a, i) => (a.op === 'match' && !text[i].large && !text[i].mayStretch ? [{ char: text[i].char, group: a.groups[0] }] : [])) })));
  const darkness = lines.map((l) => darknessOn(ink, l.groups, l.frames, extent));
  const fineHand = handOf(alone.flatMap((letters, l) => letters.map(({ char, group }) => ({ char, shape: darkness[l].framed(group.index, char) }))), FINE_GRID);
  const boxedHand = handOf(alone.flatMap((letters, l) => letters.map(({ char, group }) => ({ char, shape: darkness[l].boxed(group.index) }))), FINE_GRID);
  const letters: LetterReading[] = [];
  const stray: StrayInk[] = [];
  // The ink noted under a stroke's end (page-ink.ts), which is no other letter's top broken off.
  const strokeEnds = new Set(ink.lines.flatMap((groups) => groups.flatMap((g) => (g.under ?? []).flatMap((p) => p.blobs))));
  const washedOut = (box: Box, near: number) => washedOutShare(ink.page.image, ink.labels, box, near);
  lines.forEach(({ groups, text, frame, frames, shapes, first }, l) => {
    const costs = new Map<number, number>();
    // The shape of groups j to j + k − 1 together (a letter in pieces: k = 2).
    const joint = new Map<number, Float32Array | null>();
    const shapeOf = (j: number, k: number) => {
      if (k === 1 || !frames[j]) return shapes[j];
      if (!joint.has(j)) joint.set(j, letterShape(ink.labels, ink.page.image.width, groups.slice(j, j + k), frames[j]!, COARSE_GRID));
      return joint.get(j)!;
    };
    // Whether letter i taking group j is stretched, and by how much it is drawn back (stretchOf).
    const stretchedBy = (i: number, j: number) => (frames[j] ? stretchOf(text[i].char, groups[j], frames[j]!, extent) : null);
    // A letter stretched is judged by its shape drawn back to the hand's width.
    const unstretched = (i: number, j: number) => {
      const across = stretchedBy(i, j);
      return across === null ? null : letterShape(ink.labels, ink.page.image.width, [groups[j]], frames[j]!, COARSE_GRID, across);
    };
    const shapeCost = (i: number, j: number, k: number) => {
      const key = (text[i].char.charCodeAt(0) * groups.length + j) * 2 + k - 1;
      let cost = costs.get(key);
      if (cost === undefined) {
        const shape = (k === 1 ? unstretched(i, j) : null) ?? shapeOf(j, k);
        cost = shape ? Math.min(SHAPE_COST_CAP, SHAPE_WEIGHT * Math.max(0, hand.unlikeness(text[i].char, shape, false) - SHAPE_FREE)) : 0;
        costs.set(key, cost);
      }
      return cost;
    };
    const unlikeDrawnBack = (i: number, j: number) => {
      const fine = darkness[l].framed(j, text[i].char);
      return fine !== null && (unlikeItsOwn(fineHand, text[i].char, fine) ?? 0) > UNLIKE_OWN;
    };
    const read = touchingOverStretched(alignLetters(groups, text, shapeCost, widths), text, (i, j) => stretchedBy(i, j) !== null, unlikeDrawnBack);
    // Ink no letter took that is a stroke's end broken off beside a letter (stroke-ends.ts).
    const beside = sideEnds(read, text.map((t) => t.char), frame, extent, ink.labels, ink.page.image.width);
    const fragments = fragmentsOf(read, beside, frames);
    // Letters not seen are left out of what was read, and ink in their place with them.
    const unseen = notSeen(unseenRuns(read.letters, text.map((t) => t.char), frames, washedOut), (i) => fragments.has(i));
    read.letters.forEach((a, i) => {
      if (unseen.letter(i)) return;
      const j = a.op === 'match' || a.op === 'swap' ? a.groups[0].index : -1;
      const fine = j >= 0 ? darkness[l].framed(j, text[i].char, text[i].large) : null;
      const nearest = fine ? lookAlikeOf(fineHand, text[i].char, fine) : null;
      const coarse = j < 0 ? null : text[i].large ? letterShape(ink.labels, ink.page.image.width, [groups[j]], ownHeight(groups[j]), COARSE_GRID) : shapes[j];
      // Its group is one of the hand's instances of its letter (left out of its letter's mean) when the first reading read the letter alone in it, an enlarged one never.
      const isInstance = !text[i].large && first.letters[i].op === 'match' && first.letters[i].groups[0] === groups[j];
      const meanRatio = (other: string, shape: Float32Array) => hand.unlikeness(other, shape, false) / Math.max(hand.unlikeness(text[i].char, shape, isInstance), 1e-9);
      const frame = j >= 0 ? frames[j] : null;
      // Drawn down as far as the hand's look-alike, past where its own letter ends: a ו as long as a ן.
      const longer = nearest !== null && frame !== null && !text[i].large && drawnDownAs(text[i].char, nearest.char, [groups[j]], frame, extent);
      const lookAlike = nearest && coarse ? { ...nearest, meanRatio: meanRatio(nearest.char, coarse), longer } : null;
      const boxed = a.op === 'match' && !text[i].large ? darkness[l].boxed(j) : null;
      let inBox: LetterReading['inBox'] = null;
      if (boxed && fine && coarse && frame) {
        const k = boxedLookAlikeOf(boxedHand, fineHand, text[i].char, boxed, fine, (c) => endsAsFarAs(c, [groups[j]], frame, extent));
        if (k) inBox = { ...k, meanRatio: meanRatio(k.char, coarse) };
      }
      const readAlone = a.op === 'match' || a.op === 'merge';
      const at = readAlone ? frames[a.groups[0].index] : null;
      // A stroke's end broken off under it, over it or beside it is one of its pieces (stroke-ends.ts).
      const ends = readAlone ? [...brokenEnds(text[i].char, a.groups, at, extent, ink.labels, ink.page.image.width), ...brokenTops(text[i].char, a.groups, at, extent, ink.labels, ink.page.image.width, strokeEnds), ...[...beside].filter(([, k]) => k === i).map(([e]) => e.group)] : [];
      const within = at ? partsWithin(a.groups, at) : [];
      const parts = [...a.groups, ...ends, ...within].flatMap((g) => g.blobs);
      const span = spanOf([...a.groups, ...ends, ...within]);
      const pieces = parts.length > 1 && readAlone ? piecesInFaintInk(ink.page.image, ink.labels, span, parts) : parts.length;
      const fragment = fragments.get(i);
      // Letter k of the line beside it in its word: the later of the two does not begin a word.
      const sameWord = (k: number) => text[k] !== undefined && !text[Math.max(i, k)].startsWord;
      const toward = (k: number) => (a.op === 'match' && fine && sameWord(k) && text[k].char !== text[i].char ? neighbourRatio(fineHand, text[i].char, text[k].char, fine) : null);
      letters.push({ ...placeOf(l, text[i]), op: a.op, box: boxOf(ink, fragment ? [fragment.group] : [...a.groups, ...ends]), lookAlike, inBox, toward: { before: toward(i - 1), after: toward(i + 1) }, pieces: fragment ? 1 : pieces, partial: fragment !== undefined });
    });
    // Ink far paler than the line's letters is a stain (a brown foxing spot), no letter added.
    const pale = paleAmong(ink.page.image, ink.labels, groups.filter((g) => !g.small));
    for (const e of read.extra) if (!e.group.small && !beside.has(e) && !pale(e.group) && !unseen.ink(e.group)) stray.push({ ...strayOf(l, e, text, ink), readAs: shapes[e.group.index] ? hand.nearest(shapes[e.group.index]!) : '' });
  });
  const spans = lines.map(({ groups }) => {
    if (groups.length === 0) return null;
    const [left, , right] = spanOf(groups);
    return [left, right] as [number, number];
  });
  return { letters, stray, edges: edgeWidths(ink.page.image, lines.map((l) => l.frame), spans) };
}

/** A letter's width is the hand's when it has at least this many instances read alone, else the table's: the median of fewer is one odd instance's (ס and ץ are written twice in the text, ג and ף once). */
const MIN_WIDTH_INSTANCES = 3;

/** The hand's widths of its letters, each the median of its instances read alone, at their line's scale (align-letters.ts, lineScale). */
export function handWidths(lines: readonly { scale: number; letters: readonly { char: string; group: InkGroup }[] }[]): HandWidths {
  const of = new Map<string, number[]>();
  for (const { scale, letters } of lines) for (const { char, group } of letters) (of.get(char) ?? of.set(char, []).get(char)!).push((group.X1 - group.X0) / scale);
  return new Map([...of].filter(([, ws]) => ws.length >= MIN_WIDTH_INSTANCES).map(([char, ws]) => [char, median(ws)]));
}

/**
 * A letter read stretched (`isStretched`: wider than the hand writes it) with
 * a letter of its word beside it missing (the next, or else the one before)
 * is read as the two letters touching: the missing letter's ink is in the
 * wide group, and two letters touching are likelier there than a letter
 * stretched and its neighbour left out together. In a line's last word a
 * scribe who left a letter out stretches the others to fill the line; there
 * the two touch only when the letter drawn back to the hand's width is unlike
 * every instance of its own (`unlikeDrawnBack`, as far as look-alikes.ts's
 * UNLIKE_OWN): a ת stretched is a ת drawn back, a נ and a ת joined are not.
 * Of two stretched letters either side of one missing, the first takes it.
 */
export function touchingOverStretched<R extends { readonly letters: readonly AlignedLetter[] }>(read: R, text: readonly TextLetter[], isStretched: (i: number, j: number) => boolean, unlikeDrawnBack: (i: number, j: number) => boolean = () => false): R {
  const missing = (k: number) => read.letters[k]?.op === 'missing';
  // The letter of its word read missing beside letter i read stretched (the next first), or -1.
  const partnerOf = (i: number) => {
    const a = read.letters[i];
    if (a.op !== 'match' || !isStretched(i, a.groups[0].index) || (text[i].mayStretch && !unlikeDrawnBack(i, a.groups[0].index))) return -1;
    if (missing(i + 1) && !text[i + 1].startsWord) return i + 1;
    return missing(i - 1) && !text[i].startsWord ? i - 1 : -1;
  };
  const letters = [...read.letters];
  for (let i = 0; i < letters.length; i++) {
    const k = partnerOf(i);
    if (k < 0 || letters[k].op !== 'missing') continue;
    const { groups } = read.letters[i];
    letters[Math.min(i, k)] = { op: 'touch', groups };
    letters[Math.max(i, k)] = { op: 'touched', groups };
  }
  return { ...read, letters };
}

/**
 * Whether a dilatable letter (`char`) is stretched when it takes `group`
 * (STRETCHED), wherever it stands: a scribe stretches the letters near a
 * line's end, not only its last word's (only there is its width free:
 * align-letters.ts); by how much it is drawn back to the hand's width.
 */
function stretchOf(char: string, group: InkGroup, frame: LineFrame, extent: HandExtent): number | null {
  const typical = extent.width.get(char);
  if (!DILATABLE_LETTERS.has(char) || typical === undefined) return null;
  const wide = (group.box[2] - group.box[0]) / (frame.base - frame.top);
  return wide > STRETCHED * typical ? typical / wide : null;
}

/**
 * A line's groups' darkness on the fine grid, with the small ink in their
 * columns (partsWithin), each drawn once: `framed`, on its frame as a letter
 * reads each (`char`: a dilatable letter stretched drawn back, stretchOf);
 * `boxed`, in its own box (darknessInBox).
 */
function darknessOn(ink: PageInk, groups: readonly InkGroup[], frames: readonly (LineFrame | null)[], extent: HandExtent): { framed: (j: number, char: string, large?: boolean) => Float32Array | null; boxed: (j: number) => Float32Array | null } {
  // The parchment and the ink of the line's letters.
  const letters = groups.filter((g) => !g.small);
  const levels = letters.length > 0 ? levelsOf(ink.page.image, ink.labels, spanOf(letters), new Set(letters.flatMap((g) => g.blobs))) : null;
  const drawn = new Map<string, Float32Array | null>();
  const once = (key: string, draw: () => Float32Array | null) => {
    if (!drawn.has(key)) drawn.set(key, draw());
    return drawn.get(key) ?? null;
  };
  return {
    framed(j, char, large = false) {
      const at = large ? ownHeight(groups[j]) : frames[j];
      if (!at || !levels) return null;
      const across = large ? 1 : (stretchOf(char, groups[j], at, extent) ?? 1);
      return once(`${j}:${across}:${large}`, () => letterDarkness(ink.page.image, ink.labels, [groups[j]], at, FINE_GRID, levels, across, partsWithin([groups[j]], at)));
    },
    boxed(j) {
      const at = frames[j];
      if (!at || !levels) return null;
      return once(`${j}:box`, () => darknessInBox(ink.page.image, ink.labels, [groups[j]], FINE_GRID, levels, partsWithin([groups[j]], at)));
    },
  };
}

/** An enlarged letter's own frame: its ink's top and bottom, so that it is drawn at the size of the hand's others (the ע and ד of the first verse have neither neck nor tail). */
function ownHeight(group: InkGroup): LineFrame {
  return { top: group.box[1], base: group.box[3] };
}

/** The hand's letters from its instances, each letter with its shape on `grid` (none where it could not be drawn). */
function handOf(letters: readonly { char: string; shape: Float32Array | null }[], grid: ShapeGrid): HandLetters {
  const instances = new Map<string, Float32Array[]>();
  for (const { char, shape } of letters) if (shape) (instances.get(char) ?? instances.set(char, []).get(char)!).push(shape);
  return handLetters(instances, grid);
}

const placeOf = (l: number, t: TextPlace) => ({ line: l + 1, word: t.word, letter: t.letter, char: t.char });

function strayOf(l: number, e: ExtraInk, text: readonly TextPlace[], ink: PageInk): Omit<StrayInk, 'readAs'> {
  const after = e.after >= 0 ? text[e.after] : { word: 0, letter: 0 };
  return { line: l + 1, word: after.word, letter: after.letter, box: boxOf(ink, [e.group])!, inWord: e.inWord };
}

/** Of each line's words, whether the photo shows it: both its ends, on the line, inside the image. */
function seenWords(img: Gray, map: PageMap): boolean[][] {
  const toPhoto = invertHomography(map.h);
  const inside = (X: number, Y: number) => {
    if (!toPhoto) return false;
    const [px, py] = uncurl(map, X, Y);
    const [x, y] = applyHomography(toPhoto, px, py);
    return x >= 0 && y >= 0 && x < img.width && y < img.height;
  };
  return TEMPLATE_LINES.map((words, l) => words.map((w) => inside(w.start, l * LINE_PITCH) && inside(w.end, l * LINE_PITCH)));
}

/** The image's pixels around these groups: their rectified boxes' corners mapped back, as [x, y, w, h]; null for none. */
function boxOf(ink: PageInk, groups: readonly { readonly box: readonly [number, number, number, number] }[]): [number, number, number, number] | null {
  if (groups.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { box } of groups) {
    for (const [u, v] of [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]] as const) {
      const [x, y] = ink.page.toPhoto(u, v);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [Math.floor(minX), Math.floor(minY), Math.ceil(maxX) - Math.floor(minX), Math.ceil(maxY) - Math.floor(minY)];
}
