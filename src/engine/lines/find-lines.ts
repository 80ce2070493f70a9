import type { Blob } from '../components.ts';
import { median } from '../geometry.ts';
import { chainLetters, mergeChains } from './chains.ts';
import { joinSideBySide } from './join-pieces.ts';
import { blobHeight, blobWidth, curveAt, isLetterSized, makeLine, rotatePoint, sortTopToBottom, type LineLayout, type TextLine } from './line.ts';
import { candidateTextAngles, sharpestRows } from './text-direction.ts';

// The line finder: letter-sized blobs, the text's direction (text-direction.ts),
// letters chained along it (chains.ts), every letter-sized blob attached to the
// nearest line, and pieces of one line joined (join-pieces.ts).

/** Blobs larger than a sixth of the image's short side are the scroll's edge or background shapes, and blobs under MIN_BLOB_AREA pixels specks. First version, not measured since. */
const MAX_BLOB_SHARE_OF_IMAGE = 6;
const MIN_BLOB_AREA = 8;
/** Fewer blobs of a plausible size than this and there is no text. */
const MIN_SIZED_BLOBS = 20;
/** The letter height is the median of the blobs of at least SUBSTANTIAL_AREA_SHARE of the median area, each the larger of its height and WIDTH_AS_HEIGHT of its width (Hebrew letters are about as wide as high). First version, not measured since. */
const SUBSTANTIAL_AREA_SHARE = 0.3;
const WIDTH_AS_HEIGHT = 0.8;
/** Candidates span at most MAX_LETTER_HEIGHTS letter heights and cover at least MIN_AREA_SHARE of a letter-height square. First version, not measured since. */
const MAX_LETTER_HEIGHTS = 4;
const MIN_AREA_SHARE = 0.04;
/** Fewer candidates than this, or a letter height of at most MIN_LETTER_HEIGHT pixels, and no lines are sought. */
const MIN_LETTERS = 30;
const MIN_LETTER_HEIGHT = 3;
/** Chains of fewer letters after merging are left out, and lines of fewer members. */
const MIN_LINE_LETTERS = 4;
/** A letter-sized blob joins the line whose curve passes within ATTACH_DISTANCE letter heights of it, if it lies within ATTACH_REACH letter heights of the line's ends. First version, not measured since. */
const ATTACH_DISTANCE = 0.55;
const ATTACH_REACH = 1.5;

/** Letter-sized blobs: neither specks of texture nor the scroll's edge or background shapes. */
function letterCandidates(blobs: Blob[], width: number, height: number): { indices: number[]; letterHeight: number } {
  const maxDim = Math.min(width, height) / MAX_BLOB_SHARE_OF_IMAGE;
  const sized = blobs
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.area >= MIN_BLOB_AREA && blobWidth(b) <= maxDim && blobHeight(b) <= maxDim);
  if (sized.length < MIN_SIZED_BLOBS) return { indices: [], letterHeight: 0 };
  const areas = sized.map(({ b }) => b.area);
  const medArea = median(areas);
  const substantial = sized.filter(({ b }) => b.area >= SUBSTANTIAL_AREA_SHARE * medArea);
  const letterHeight = median(substantial.map(({ b }) => Math.max(blobHeight(b), blobWidth(b) * WIDTH_AS_HEIGHT)));
  const indices = sized
    .filter(({ b }) => Math.max(blobWidth(b), blobHeight(b)) <= MAX_LETTER_HEIGHTS * letterHeight && b.area >= MIN_AREA_SHARE * letterHeight * letterHeight)
    .map(({ i }) => i);
  return { indices, letterHeight };
}

/**
 * Groups letter blobs into text lines: mutual nearest successors along the text
 * direction form chains, chains that continue each other merge, and every
 * remaining letter-sized blob joins the line whose curve passes closest.
 */
export function findLines(blobs: Blob[], width: number, height: number): LineLayout | null {
  const { indices, letterHeight: h } = letterCandidates(blobs, width, height);
  if (indices.length < MIN_LETTERS || !(h > MIN_LETTER_HEIGHT)) return null;
  let best: LineLayout | null = null;
  let bestScore = 0;
  const letters = indices.filter((i) => isLetterSized(blobs[i], h));
  for (const link of candidateTextAngles(blobs, letters, h)) {
    const layout = linesAlong(sharpestRows(blobs, letters, h, link), blobs, indices, h);
    // Text read along its true direction gathers its letters into few long lines.
    const score = layout ? layout.lines.reduce((sum, line) => sum + line.blobs.length ** 2, 0) : 0;
    if (layout && score > bestScore) {
      best = layout;
      bestScore = score;
    }
  }
  return best;
}


function linesAlong(angle: number, blobs: Blob[], indices: number[], h: number): LineLayout | null {
  const n = blobs.length;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (const i of indices) {
    const [a, b] = rotatePoint(angle, blobs[i].cx, blobs[i].cy);
    u[i] = a;
    v[i] = b;
  }
  // Chain only blobs of letter size; small marks are attached at the end.
  const core = indices.filter((i) => isLetterSized(blobs[i], h));
  core.sort((a, b) => u[a] - u[b]);
  let chains = mergeChains(chainLetters(core, u, v, h), u, v, h);
  chains = chains.filter((c) => c.members.length >= MIN_LINE_LETTERS);
  if (chains.length === 0) return null;
  // Every letter-sized blob joins the closest line within reach.
  const members: number[][] = chains.map(() => []);
  for (const i of indices) {
    let best = -1;
    let bestD = ATTACH_DISTANCE * h;
    for (let c = 0; c < chains.length; c++) {
      const ch = chains[c];
      if (u[i] < ch.uMin - ATTACH_REACH * h || u[i] > ch.uMax + ATTACH_REACH * h) continue;
      const d = Math.abs(v[i] - curveAt(ch.curve, u[i]));
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (best >= 0) members[best].push(i);
  }
  const lines: TextLine[] = [];
  for (let c = 0; c < chains.length; c++) {
    if (members[c].length >= MIN_LINE_LETTERS) lines.push(makeLine(members[c], blobs, u, v, h, angle));
  }
  sortTopToBottom(lines);
  joinSideBySide(lines, blobs, u, v, h, angle);
  return { angle, lines };
}
