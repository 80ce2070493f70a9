import { letterHeightAt, pointOnLine, type LineLayout } from './lines/line.ts';
import { LINE_PITCH, TEMPLATE_LINES, WORD_GAP, type TemplateWord } from './template.ts';
import type { WordSpan } from './words.ts';

/** One measured word end, tied to its place in the text. */
export type WordEnd = {
  /** 2 × template word id + 0 for the word's reading start, 1 for its reading end (see template.ts). */
  key: number;
  /** Image coordinates, pixels. */
  x: number;
  y: number;
};


type Step = { kind: 'match' | 'merge' | 'split' | 'skipT' | 'skipD'; d: number; t: number };

const WIDTH_SIGMA = 0.18;
const MISMATCH_CAP = 4;
const SKIP_TEMPLATE_EDGE = 1.2;
const SKIP_TEMPLATE_INNER = 2.5;
/** Text words past a line's end that the photo's frame cuts off are missing for want of photo, not of ink: skipped at no cost. */
const SKIP_TEMPLATE_CUT = 0;
const SKIP_DETECTED = 2.5;
const JOIN_PENALTY = 0.6;
const SCALES = [0.62, 0.7, 0.78, 0.87, 0.96, 1.06, 1.17, 1.29, 1.42, 1.56];

/**
 * Where a word stands, once the page's frame is known (a second reading, of
 * the page rectified through the first): within about half a letter of its
 * place in the text, give or take the hand's drift along the line. A word
 * tied one place off stands a whole word away, so a missed gap or a broken
 * letter can no longer shift the ties of the rest of its line.
 */
const POSITION_SIGMA = 0.04;
const LINE_SIGMA = 0.3 * LINE_PITCH;

function positionCost(measured: number, expected: number): number {
  const r = (measured - expected) / POSITION_SIGMA;
  return Math.min(MISMATCH_CAP, r * r);
}

/** Canonical x of each detected word's reading start and end, in reading order. */
type CanonicalSpans = { readonly starts: number[]; readonly ends: number[]; readonly y: number };

/** Maps a point of the image read to the canonical page, when its frame is known. */
export type PageFrame = (x: number, y: number) => [number, number];

/** Widths are compared as ratios, so in logarithms, taken once per word rather than once per comparison. */
function widthCost(logMeasured: number, logExpected: number): number {
  const r = (logMeasured - logExpected) / WIDTH_SIGMA;
  // A zero or missing width (log -Infinity or NaN) is as bad as a width can be.
  return r < Infinity && r > -Infinity ? Math.min(MISMATCH_CAP, r * r) : MISMATCH_CAP;
}

/**
 * A cell's cost through a step that ties words (match, merge or split): its
 * predecessor's, plus the width mismatch, the join penalty and the place cost,
 * always summed in this order, so that the traceback finds the very sums the
 * table holds.
 */
function wordStep(from: number, logMeasured: number, logExpected: number, penalty: number, place: number): number {
  return from + widthCost(logMeasured, logExpected) + penalty + place;
}

/** Per text line: the log width of each word, and of each word run together with the next. */
const TEMPLATE_LOG_WIDTHS = TEMPLATE_LINES.map((tpl) => ({
  single: tpl.map((w) => Math.log(w.width)),
  joined: tpl.map((w, b) => (b + 1 < tpl.length ? Math.log(w.width + WORD_GAP + tpl[b + 1].width) : NaN)),
}));

const LOG_SCALES = Float64Array.from(SCALES, Math.log);

// Scratch for the alignment, per thread (nothing survives a call); lines hold at most a few dozen words.
let costBuf = new Float64Array(4096);
const totals = new Float64Array(SCALES.length);

/**
 * Aligns the detected words of one line (reading order) with one text line's
 * words: edit-distance style, where a detected word may match one text word, two
 * text words run together (a missed gap), or one text word may be split in two
 * (a broken letter), and words may be missing (crop, finger) or spurious.
 *
 * The detected widths are tried at several scales at once (the letter height
 * they were measured in is only roughly right): each cell of the table holds
 * one cost per scale, so the word-to-word terms that do not depend on the
 * scale are worked out once. This is the hot loop of a reading (22 text lines
 * per detected line, both ways up), so cells are pulled from their five
 * predecessors and no record of the choices is kept: `totals[s]` receives
 * the cost at `logScales[s]`, and with `steps` (one scale), the alignment is
 * traced back by finding the predecessor whose sum each cell holds.
 */
function alignWords(dl: DetectedLine, tpl: readonly TemplateWord[], logScales: Float64Array, totals: Float64Array, steps?: Step[]): void {
  const { logWidths, logSplits, at } = dl;
  const logTpl = TEMPLATE_LOG_WIDTHS[tpl[0].line];
  const S = logScales.length;
  const m = logWidths.length;
  const k = tpl.length;
  const W = k + 1;
  const size = (m + 1) * W * S;
  if (costBuf.length < size) costBuf = new Float64Array(size * 2);
  const cost = costBuf;
  // Where a word stands (with the page's frame known) does not depend on the scale.
  const placeMatch = (a: number, b: number) => (at ? positionCost(at.starts[a], tpl[b].start) + positionCost(at.ends[a], tpl[b].end) : 0);
  const placeMerge = (a: number, b: number) => (at ? positionCost(at.starts[a], tpl[b].start) + positionCost(at.ends[a], tpl[b + 1].end) : 0);
  const placeSplit = (a: number, b: number) => (at ? positionCost(at.starts[a], tpl[b].start) + positionCost(at.ends[a + 1], tpl[b].end) : 0);
  const beforeFirst = dl.cut.start ? SKIP_TEMPLATE_CUT : SKIP_TEMPLATE_EDGE;
  const afterLast = dl.cut.end ? SKIP_TEMPLATE_CUT : SKIP_TEMPLATE_EDGE;
  const skipTemplate = (a: number) => (a === 0 ? beforeFirst : a === m ? afterLast : SKIP_TEMPLATE_INNER);
  for (let s = 0; s < S; s++) cost[s] = 0;
  for (let b = 1; b <= k; b++) for (let s = 0; s < S; s++) cost[b * S + s] = cost[(b - 1) * S + s] + beforeFirst;
  for (let a = 1; a <= m; a++) {
    const row = a * W;
    const skipT = skipTemplate(a);
    for (let s = 0; s < S; s++) cost[row * S + s] = cost[(row - W) * S + s] + SKIP_DETECTED;
    const width = logWidths[a - 1];
    const splitWidth = a >= 2 ? logSplits[a - 2] : NaN;
    for (let b = 1; b <= k; b++) {
      const single = logTpl.single[b - 1];
      const joined = b >= 2 ? logTpl.joined[b - 2] : NaN;
      const pm = placeMatch(a - 1, b - 1);
      const pj = b >= 2 ? placeMerge(a - 1, b - 2) : 0;
      const ps = a >= 2 ? placeSplit(a - 2, b - 1) : 0;
      const cell = (row + b) * S;
      const fromMatch = (row - W + b - 1) * S;
      const fromMerge = (row - W + b - 2) * S;
      const fromSplit = (row - 2 * W + b - 1) * S;
      const fromSkipT = (row + b - 1) * S;
      const fromSkipD = (row - W + b) * S;
      for (let s = 0; s < S; s++) {
        const ls = logScales[s];
        // A candidate is kept only when lower, so a NaN (a word placed nowhere) never enters the table.
        let v = Infinity;
        const match = wordStep(cost[fromMatch + s], width, ls + single, 0, pm);
        if (match < v) v = match;
        if (b >= 2) {
          const w = wordStep(cost[fromMerge + s], width, ls + joined, JOIN_PENALTY, pj);
          if (w < v) v = w;
        }
        if (a >= 2) {
          const w = wordStep(cost[fromSplit + s], splitWidth, ls + single, JOIN_PENALTY, ps);
          if (w < v) v = w;
        }
        const t = cost[fromSkipT + s] + skipT;
        if (t < v) v = t;
        const d = cost[fromSkipD + s] + SKIP_DETECTED;
        cost[cell + s] = d < v ? d : v;
      }
    }
  }
  for (let s = 0; s < S; s++) totals[s] = cost[(m * W + k) * S + s];
  if (!steps) return;
  // The predecessor whose sum the cell holds (scale 0); ties go to split, merge, match, skipped detected word, skipped text word, in that order.
  const ls = logScales[0];
  const costAt = (p: number, q: number) => cost[(p * W + q) * S];
  let a = m;
  let b = k;
  while (a > 0 || b > 0) {
    const c = costAt(a, b);
    if (a >= 2 && b >= 1 && wordStep(costAt(a - 2, b - 1), logSplits[a - 2], ls + logTpl.single[b - 1], JOIN_PENALTY, placeSplit(a - 2, b - 1)) === c) steps.push({ kind: 'split', d: (a -= 2), t: --b });
    else if (a >= 1 && b >= 2 && wordStep(costAt(a - 1, b - 2), logWidths[a - 1], ls + logTpl.joined[b - 2], JOIN_PENALTY, placeMerge(a - 1, b - 2)) === c) steps.push({ kind: 'merge', d: --a, t: (b -= 2) });
    else if (a >= 1 && b >= 1 && wordStep(costAt(a - 1, b - 1), logWidths[a - 1], ls + logTpl.single[b - 1], 0, placeMatch(a - 1, b - 1)) === c) steps.push({ kind: 'match', d: --a, t: --b });
    // The first column is reached only by skipping detected words.
    else if (b === 0 || (a >= 1 && costAt(a - 1, b) + SKIP_DETECTED === c)) steps.push({ kind: 'skipD', d: --a, t: b });
    else steps.push({ kind: 'skipT', d: a, t: --b });
  }
  steps.reverse();
}

type DetectedLine = {
  spans: WordSpan[];
  widths: number[];
  /** log of each width, and of each word run together with the next (gap included). */
  logWidths: number[];
  logSplits: number[];
  at?: CanonicalSpans;
  /** Whether the photo's frame cuts the line off before its first word read, after its last (see CutOff). */
  cut: LineCut;
};

type LineCut = { readonly start: boolean; readonly end: boolean };
const UNCUT: LineCut = { start: false, end: false };

/**
 * Whether a point of the image read lies outside the photo, or on its edge: a
 * line whose ink reaches within a letter of the photo's frame (CUT_REACH) may
 * go on past it, and the text's words past its outermost word are skipped at
 * no cost. That word itself is left unread only when its ink runs within a
 * quarter of a letter of the frame (CUT_WORD_REACH): the frame may cut
 * through it, leaving a part of a word whose width names no word.
 */
export type CutOff = (x: number, y: number) => boolean;

/** Letter heights past a line's outermost word within which the frame may hide more of the line's words (see CutOff). */
const CUT_REACH = 1;
/**
 * Letter heights past a line's outermost word within which the frame may cut
 * through it. A whole word that ends further from the frame, though within
 * CUT_REACH of it, is read. Left unread as well (one reach for both, as at
 * first), a sample photo cropped by a fifth on the right lost the first word
 * of four lines whose starts only came near the frame, and the one cropped by
 * a tenth read 0.70 against its registration (0.89 with this reach, as before
 * lines were read as cut; docs/decisions/023-lines-cut-by-the-frame.md).
 */
const CUT_WORD_REACH = 0.25;

function readingOrder(words: WordSpan[], h: (u: number) => number, flipped: boolean, place?: (u: number) => [number, number], cutAt?: (u: number) => boolean): DetectedLine {
  // Hebrew runs right to left: with the text direction along +u, reading order is decreasing u.
  const spans = [...words].sort((p, q) => (flipped ? p.u0 - q.u0 : q.u0 - p.u0));
  let cut = UNCUT;
  if (cutAt && spans.length > 0) {
    // Whether the point `reach` letter heights on past the first word's reading start (the last word's end) is outside the photo.
    const firstSpan = spans[0];
    const lastSpan = spans[spans.length - 1];
    const outsidePastStart = (reach: number) => cutAt(flipped ? firstSpan.u0 - reach * h(firstSpan.u0) : firstSpan.u1 + reach * h(firstSpan.u1));
    const outsidePastEnd = (reach: number) => cutAt(flipped ? lastSpan.u1 + reach * h(lastSpan.u1) : lastSpan.u0 - reach * h(lastSpan.u0));
    cut = { start: outsidePastStart(CUT_REACH), end: outsidePastEnd(CUT_REACH) };
    if (cut.end && outsidePastEnd(CUT_WORD_REACH)) spans.pop();
    if (cut.start && outsidePastStart(CUT_WORD_REACH)) spans.shift();
  }
  const widths = spans.map((s) => (s.u1 - s.u0) / h((s.u0 + s.u1) / 2));
  const gaps: number[] = [];
  for (let i = 0; i + 1 < spans.length; i++) {
    const [a, b] = flipped ? [spans[i].u1, spans[i + 1].u0] : [spans[i + 1].u1, spans[i].u0];
    gaps.push(Math.max(0, (b - a) / h((a + b) / 2)));
  }
  const logWidths = widths.map(Math.log);
  const logSplits = widths.map((w, i) => (i + 1 < widths.length ? Math.log(w + gaps[i] + widths[i + 1]) : NaN));
  if (!place || spans.length === 0) return { spans, widths, logWidths, logSplits, cut };
  const starts = spans.map((sp) => place(flipped ? sp.u0 : sp.u1)[0]);
  const ends = spans.map((sp) => place(flipped ? sp.u1 : sp.u0)[0]);
  let y = 0;
  for (const sp of spans) y += place((sp.u0 + sp.u1) / 2)[1];
  return { spans, widths, logWidths, logSplits, at: { starts, ends, y: y / spans.length }, cut };
}

/** What skipping text line j costs in the line alignment: its words, as missing. */
const skipLine = (j: number) => TEMPLATE_LINES[j].length * SKIP_TEMPLATE_EDGE;

/** Relative slack of the line alignment's bound, far above the rounding of its sums (see recogniseLayout). */
const PRUNE_SLACK = 1e-9;

/**
 * The detected lines read one way up, and their line pairs' costs (each with
 * its best scale), worked out only when first asked for: the line alignment
 * (recogniseLayout) does not ask for the pairs that cannot win.
 */
type LineAlignment = {
  readonly flipped: boolean;
  /** Detected line index of each reading-order position. */
  readonly order: number[];
  readonly det: DetectedLine[];
  readonly n: number;
  pair(i: number, j: number): { cost: number; scaleIndex: number };
  /** What skipping detected line i costs: its words, as spurious. */
  skipDetected(i: number): number;
  /** The total of one alignment every reading has: line i with text line i, the rest skipped. */
  diagonal(): number;
};

function lineAlignment(layout: LineLayout, words: WordSpan[][], flipped: boolean, frame: PageFrame | undefined, cutOff: CutOff | undefined): LineAlignment {
  const order = layout.lines.map((_, i) => i);
  if (flipped) order.reverse();
  const det = order.map((i) => {
    const line = layout.lines[i];
    const place = frame && ((u: number) => { const [x, y] = pointOnLine(layout, line, u); return frame(x, y); });
    const cutAt = cutOff && ((u: number) => cutOff(...pointOnLine(layout, line, u)));
    return readingOrder(words[i], (u) => letterHeightAt(line, u), flipped, place, cutAt);
  });
  const n = det.length;
  const T = TEMPLATE_LINES.length;
  const pairs: ({ cost: number; scaleIndex: number } | undefined)[] = new Array(n * T);
  const pair = (i: number, j: number) => (pairs[i * T + j] ??= pairCost(det[i], TEMPLATE_LINES[j]));
  const skipDetected = (i: number) => det[i].widths.length * SKIP_DETECTED;
  const diagonal = () => {
    let total = 0;
    const shared = Math.min(n, T);
    for (let k = 0; k < shared; k++) total += pair(k, k).cost;
    for (let j = shared; j < T; j++) total += skipLine(j);
    for (let i = shared; i < n; i++) total += skipDetected(i);
    return total;
  };
  return { flipped, order, det, n, pair, skipDetected, diagonal };
}

/** A detected line against a text line: the best word alignment over the scales. */
function pairCost(dl: DetectedLine, tpl: readonly TemplateWord[]): { cost: number; scaleIndex: number } {
  let best = { cost: Infinity, scaleIndex: 0 };
  // A line more than a third of the pitch from this text line's place is not that line;
  // more than a pitch and a half away, its words are not even aligned (most of the work saved).
  const offset = dl.at ? Math.abs(dl.at.y - tpl[0].line * LINE_PITCH) : 0;
  if (offset > 1.5 * LINE_PITCH) return best;
  const offLine = dl.at ? Math.min(50, (offset / LINE_SIGMA) ** 2) : 0;
  alignWords(dl, tpl, LOG_SCALES, totals);
  for (let s = 0; s < SCALES.length; s++) {
    const c = totals[s] + offLine;
    if (c < best.cost) best = { cost: c, scaleIndex: s };
  }
  return best;
}

/** out[i] = the least of f(i), f(i + 1), … f(n − 1); Infinity at n. */
function suffixMinimum(n: number, f: (i: number) => number): Float64Array {
  const out = new Float64Array(n + 1).fill(Infinity);
  for (let i = n - 1; i >= 0; i--) out[i] = Math.min(f(i), out[i + 1]);
  return out;
}

/** The cheapest text line to skip from line j on (see recogniseLayout's bound). */
const CHEAPEST_SKIP_LINE = suffixMinimum(TEMPLATE_LINES.length, skipLine);

/**
 * Ties the detected lines and words to the mezuzah text: a monotone alignment of
 * detected lines to the 22 text lines (either way up), each pair scored by the
 * best word-width alignment over a range of per-line scales. Returns the keyed
 * word ends, or null when there is nothing to align.
 */
export function recogniseLayout(layout: LineLayout, words: WordSpan[][], frame?: PageFrame, cutOff?: CutOff): WordEnd[] | null {
  let best: { total: number; ends: WordEnd[] } | null = null;
  // With the page's frame known, it is upright: only the reading way up is tried.
  const ways = (frame ? [false] : [false, true]).map((flipped) => lineAlignment(layout, words, flipped, frame, cutOff));
  // Either way up reaches at most its diagonal's total (see LineAlignment), so
  // neither needs a line pair the lower of the two cannot beat.
  const bound = Math.min(...ways.map((way) => way.diagonal()));
  for (const { flipped, order, det, n, pair, skipDetected } of ways) {
    const T = TEMPLATE_LINES.length;
    // Monotone line alignment; skipping a text line costs its words as missing.
    // A cell's cost plus the least its remaining lines can cost (the skips the
    // difference of their counts forces) over the bound cannot lead to a total
    // that wins; its successors are not relaxed from it, and its line pair is
    // never aligned. The cells of any total under the bound keep their exact
    // costs and choices, so the result is the one of the full table.
    const W = T + 1;
    const cost = new Float64Array((n + 1) * W).fill(Infinity);
    const from = new Int8Array((n + 1) * W).fill(-1);
    cost[0] = 0;
    const limit = bound + PRUNE_SLACK * Math.max(1, bound);
    const cheapestSkipDetected = suffixMinimum(n, skipDetected);
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= T; j++) {
        const c = cost[i * W + j];
        if (c === Infinity) continue;
        const forced = n - i > T - j ? (n - i - (T - j)) * cheapestSkipDetected[i] : (T - j - (n - i)) * CHEAPEST_SKIP_LINE[j];
        if (c + forced > limit) continue;
        if (i < n && j < T) {
          const p = pair(i, j).cost;
          if (c + p < cost[(i + 1) * W + j + 1]) {
            cost[(i + 1) * W + j + 1] = c + p;
            from[(i + 1) * W + j + 1] = 0;
          }
        }
        if (j < T && c + skipLine(j) < cost[i * W + j + 1]) {
          cost[i * W + j + 1] = c + skipLine(j);
          from[i * W + j + 1] = 1;
        }
        if (i < n && c + skipDetected(i) < cost[(i + 1) * W + j]) {
          cost[(i + 1) * W + j] = c + skipDetected(i);
          from[(i + 1) * W + j] = 2;
        }
      }
    }
    const total = cost[n * W + T];
    // Past the bound this way up is beaten by the other (or left unreached).
    if (total > limit || (best && total >= best.total)) continue;
    // Backtrack and collect word ends.
    const ends: WordEnd[] = [];
    let i = n;
    let j = T;
    while (i > 0 || j > 0) {
      const kind = from[i * W + j];
      if (kind === 0) {
        i--;
        j--;
        const li = order[i];
        const line = layout.lines[li];
        const dl = det[i];
        const tpl = TEMPLATE_LINES[j];
        const steps: Step[] = [];
        const s = pair(i, j).scaleIndex;
        alignWords(dl, tpl, LOG_SCALES.subarray(s, s + 1), totals, steps);
        for (const step of steps) {
          if (step.kind === 'skipT' || step.kind === 'skipD') continue;
          const firstT = tpl[step.t];
          const lastT = step.kind === 'merge' ? tpl[step.t + 1] : firstT;
          const firstD = dl.spans[step.d];
          const lastD = step.kind === 'split' ? dl.spans[step.d + 1] : firstD;
          // Reading start of a span is its high-u end when upright, its low-u end when flipped.
          const startU = flipped ? firstD.u0 : firstD.u1;
          const endU = flipped ? lastD.u1 : lastD.u0;
          const [sx, sy] = pointOnLine(layout, line, startU);
          const [ex, ey] = pointOnLine(layout, line, endU);
          ends.push({ key: 2 * firstT.id, x: sx, y: sy });
          ends.push({ key: 2 * lastT.id + 1, x: ex, y: ey });
        }
      } else if (kind === 1) j--;
      else i--;
    }
    best = { total, ends };
  }
  return best ? best.ends : null;
}
