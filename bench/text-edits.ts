// npm run bench:text-edits [-- --dir ../shared/samples --per-kind 8 --kinds wrong_letter,broken_letter]
//
// The text check on hands the project never had: the shared samples'
// registration photos (../shared/samples, where present: photos from outside
// the project's generator) edited where a scribe's error would be, one edit a
// photo at a time, each at a letter the check read as written (places drawn
// at random, seeds stated):
// - missing_letter: the letter painted over with the parchment about it;
// - broken_letter: a band of parchment across the letter at half its height;
// - wrong_letter: the letter painted over and one of the same hand's
//   look-alikes (look-alikes.ts's LOOK_ALIKES) from elsewhere in the photo
//   set in its place, on its line as the donor stood on its own;
// - touching_letters: the letter and the next of its word bridged with ink
//   where they come closest.
// Each edited photo is scored as bench:text scores a photo
// (bench/lib/text-scoring.ts): the edit found at its place, and the findings
// no edit explains that the photo as taken (saved the same way) had not. The generator's text sets measure the engine on the
// hands it writes; this measures hands it does not write, on the errors an
// edit can make (not a scribe's pen: a pasted letter is the hand's own, where
// the generator's letters written wrong are drawn anew). Analysis runs in this
// thread, one photo at a time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { checkLetters, checkPhotoText, linesTold, readPhotoLetters } from '../src/engine/text-check/check-text.ts';
import { LOOK_ALIKES } from '../src/engine/text-check/look-alikes.ts';
import type { LetterReading } from '../src/engine/text-check/read-letters.ts';
import type { TextFinding } from '../src/engine/types.ts';
import { MEZUZAH_WORDS } from '../src/text/mezuzah-text.ts';
import { createRandom, deriveSeed } from '../tools/synth/index.ts';
import type { PhotoError } from '../tools/synth/text-set.ts';
import { percentOf } from './lib/rates.ts';
import { scorePhoto } from './lib/text-scoring.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/samples') }, 'per-kind': { type: 'string', default: '8' }, kinds: { type: 'string' } } });
const PER_KIND = Number(values['per-kind']);
const SEED = 'text-edits';
if (!existsSync(path.join(values.dir, 'manifest.json'))) {
  console.log(`bench:text-edits: no sample photos at ${values.dir} (--dir)`);
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(path.join(values.dir, 'manifest.json'), 'utf8')) as { scrolls: { reference: string }[] };

type Kind = 'missing_letter' | 'broken_letter' | 'wrong_letter' | 'touching_letters';
const ALL_KINDS: readonly Kind[] = ['missing_letter', 'broken_letter', 'wrong_letter', 'touching_letters'];
const KINDS = values.kinds ? ALL_KINDS.filter((k) => values.kinds!.split(',').includes(k)) : ALL_KINDS;
/** An upright photo's pixels (EXIF applied), and its letters' boxes ([x, y, w, h]) in them. */
type Photo = { readonly data: Buffer; readonly width: number; readonly height: number; readonly channels: number };
type Box = readonly [number, number, number, number];
type Placed = LetterReading & { readonly at: Box };

/** The median of each channel over a ring `pad` pixels outside a box: the parchment about a letter. */
function parchmentAround(p: Photo, [x, y, w, h]: Box, pad = 3): number[] {
  const levels: number[][] = Array.from({ length: p.channels }, () => []);
  const at = (u: number, v: number) => {
    if (u < 0 || v < 0 || u >= p.width || v >= p.height) return;
    for (let c = 0; c < p.channels; c++) levels[c].push(p.data[(v * p.width + u) * p.channels + c]);
  };
  for (let v = y - pad; v < y + h + pad; v++) {
    at(x - pad, v);
    at(x + w + pad - 1, v);
  }
  for (let u = x - pad; u < x + w + pad; u++) {
    at(u, y - pad);
    at(u, y + h + pad - 1);
  }
  return levels.map((l) => l.sort((a, b) => a - b)[l.length >> 1]);
}

/** Each channel's 5th percentile within a box: the letter's ink. */
function inkWithin(p: Photo, [x, y, w, h]: Box): number[] {
  const levels: number[][] = Array.from({ length: p.channels }, () => []);
  for (let v = y; v < y + h; v++) for (let u = x; u < x + w; u++) for (let c = 0; c < p.channels; c++) levels[c].push(p.data[(v * p.width + u) * p.channels + c]);
  return levels.map((l) => l.sort((a, b) => a - b)[Math.floor(0.05 * (l.length - 1))]);
}

function paint(p: Photo, [x, y, w, h]: Box, colour: readonly number[]): void {
  for (let v = Math.max(0, y); v < Math.min(p.height, y + h); v++) for (let u = Math.max(0, x); u < Math.min(p.width, x + w); u++) for (let c = 0; c < p.channels; c++) p.data[(v * p.width + u) * p.channels + c] = colour[c];
}

const grown = ([x, y, w, h]: Box, by: number): Box => [x - by, y - by, w + 2 * by, h + 2 * by];
const grey = (p: Photo, u: number, v: number) => p.data[(v * p.width + u) * p.channels];

/** The median bottom of a line's letters: where the line stands, to set a letter from another line on it. */
function baseOf(letters: readonly Placed[], line: number): number {
  const bottoms = letters.filter((l) => l.line === line).map((l) => l.at[1] + l.at[3]).sort((a, b) => a - b);
  return bottoms[bottoms.length >> 1];
}

/** A cut's or a bridge's thickness on a line: 0.06 of its letters' median height (a stroke's), 2 px at least. */
function strokeOf(letters: readonly Placed[], line: number): number {
  const heights = letters.filter((l) => l.line === line).map((l) => l.at[3]).sort((a, b) => a - b);
  return Math.max(2, Math.round(0.06 * heights[heights.length >> 1]));
}

/** The edit of one kind at `target`; null when the letter cannot take it (no donor, no next letter). */
function edit(kind: Kind, p: Photo, target: Placed, letters: readonly Placed[], pick: (n: number) => number): PhotoError | null {
  const [x, y, w, h] = target.at;
  const place = { line: target.line, word: target.word, letter: target.letter, box: target.at };
  const parchment = parchmentAround(p, target.at);
  if (kind === 'missing_letter') {
    paint(p, grown(target.at, 1), parchment);
    return { kind, ...place, expected: target.char, found: '' };
  }
  if (kind === 'broken_letter') {
    const band = strokeOf(letters, target.line);
    paint(p, [x - 1, y + Math.round(h / 2 - band / 2), w + 2, band], parchment);
    return { kind, ...place, expected: target.char, found: target.char };
  }
  if (kind === 'wrong_letter') {
    const donors = letters.filter((l) => (LOOK_ALIKES[target.char] ?? '').includes(l.char));
    if (donors.length === 0) return null;
    const donor = donors[pick(donors.length)];
    const [dx, dy, dw, dh] = donor.at;
    // The donor's pixels as taken, before the paint can reach them.
    const source = Buffer.alloc(dw * dh * p.channels);
    for (let v = 0; v < dh; v++) if (dy + v >= 0 && dy + v < p.height) p.data.copy(source, v * dw * p.channels, ((dy + v) * p.width + dx) * p.channels, ((dy + v) * p.width + dx + dw) * p.channels);
    paint(p, grown(target.at, 1), parchment);
    // The donor's ink set where the letter stood: centred on it, as high on this line as it stood on its own.
    const [ox, oy] = [Math.round(x + w / 2 - dw / 2), dy - baseOf(letters, donor.line) + baseOf(letters, target.line)];
    for (let v = 0; v < dh; v++) {
      for (let u = 0; u < dw; u++) {
        if (oy + v < 0 || oy + v >= p.height || ox + u < 0 || ox + u >= p.width) continue;
        const [from, to] = [(v * dw + u) * p.channels, ((oy + v) * p.width + ox + u) * p.channels];
        for (let c = 0; c < p.channels; c++) p.data[to + c] = Math.min(p.data[to + c], source[from + c]);
      }
    }
    return { kind, ...place, expected: target.char, found: donor.char };
  }
  // touching_letters: the letter (on the right) and the next of its word (on its left) bridged where their ink comes closest.
  const next = letters.find((l) => l.line === target.line && l.word === target.word && l.letter === target.letter + 1);
  if (!next) return null;
  const ink = inkWithin(p, target.at);
  const threshold = (parchment[0] + ink[0]) / 2;
  const [nx, ny, nw, nh] = next.at;
  let best: { row: number; from: number; to: number } | null = null;
  for (let v = Math.max(y, ny) + 1; v < Math.min(y + h, ny + nh) - 1; v++) {
    let right = -1;
    for (let u = nx; u < nx + nw; u++) if (grey(p, u, v) < threshold) right = u;
    let left = -1;
    for (let u = x + w - 1; u >= x; u--) if (grey(p, u, v) < threshold) left = u;
    if (right < 0 || left < 0 || left <= right) continue;
    if (!best || left - right < best.to - best.from) best = { row: v, from: right, to: left };
  }
  if (!best) return null;
  const stroke = strokeOf(letters, target.line);
  paint(p, [best.from, best.row - (stroke >> 1), best.to - best.from + 1, stroke], ink);
  return { kind, ...place, expected: target.char + next.char, found: target.char + next.char };
}

const key = (f: TextFinding) => `${f.kind} ${f.line}:${f.word}:${f.letter}`;
const results = new Map<Kind, { edits: number; found: number; named: number; brought: number }>(KINDS.map((k) => [k, { edits: 0, found: 0, named: 0, brought: 0 }]));
console.log(`bench:text-edits: ${manifest.scrolls.length} registration photos of ${values.dir}, ${PER_KIND} edits of each kind a photo (seed "${SEED}")`);
for (const { reference } of manifest.scrolls) {
  const { data, info } = await sharp(readFileSync(path.join(values.dir, reference))).rotate().raw().toBuffer({ resolveWithObject: true });
  const saved = (pixels: Buffer) => sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 92 }).toBuffer();
  // The photo as taken, saved as each edit will be: what it shows before any edit.
  const bytes = new Uint8Array(await saved(data));
  const read = await readPhotoLetters(bytes);
  const asTaken = checkLetters(read);
  if (asTaken.kind === 'invalid' || read.kind === 'invalid') {
    console.log(`${reference}: not read (${asTaken.kind === 'invalid' ? asTaken.reason : ''})`);
    continue;
  }
  const before = new Set(asTaken.findings.map(key));
  console.log(`${reference}: as taken, ${asTaken.verdict}, ${asTaken.findings.length} findings`);
  // Letters of the lines the check judges, read as written and not at a finding already.
  const told = linesTold(read.letters).letters.filter((l) => l.op === 'match' && l.box !== null && !asTaken.findings.some((f) => f.line === l.line && f.word === l.word));
  const letters: Placed[] = told.map((l) => {
    const [x, y, w, h] = l.box!.map((v) => Math.round(v * read.scale));
    return { ...l, at: [x, y, w, h] };
  });
  if (letters.length === 0) continue;
  for (const kind of KINDS) {
    const random = createRandom(deriveSeed(SEED, reference, kind));
    const pick = (n: number) => Math.floor(random.next() * n);
    const r = results.get(kind)!;
    for (let i = 0, tries = 0; i < PER_KIND && tries < 10 * PER_KIND; tries++) {
      const photo: Photo = { data: Buffer.from(data), width: info.width, height: info.height, channels: info.channels };
      const error = edit(kind, photo, letters[pick(letters.length)], letters, pick);
      if (!error) continue;
      i++;
      const check = await checkPhotoText(new Uint8Array(await saved(photo.data)));
      const score = scorePhoto(check, [error]);
      const [{ found: hit, namedRight }] = score.errors;
      const brought = score.unexplained.filter((f) => !before.has(key(f)));
      r.edits++;
      if (hit) r.found++;
      if (namedRight) r.named++;
      r.brought += brought.length;
      const word = MEZUZAH_WORDS[error.line - 1][error.word - 1];
      console.log(`  ${kind} ${error.line}:${error.word}:${error.letter} (${word}) ${error.expected}>${error.found}: ${hit ? 'found' : check.kind === 'invalid' ? 'not read' : 'missed'}${brought.length ? `; brought ${brought.map((f) => `${f.kind} ${f.line}:${f.word}:${f.letter} ${f.expected}>${f.found}`).join(', ')}` : ''}`);
    }
  }
}
console.log('\nedit                found              named right       findings brought');
for (const [kind, r] of results) console.log(`${kind.padEnd(19)} ${percentOf(r.found, r.edits).padEnd(18)} ${(kind === 'wrong_letter' ? percentOf(r.named, r.found) : '').padEnd(17)} ${r.brought}`);
