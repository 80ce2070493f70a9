// A text-check data set (issue 53): clean scrolls, scrolls with one error of
// each kind, and scrolls with two or three, by many scribes, each photographed
// for registration at every size asked for (the same scene at each) and by
// phones; manifest.json says for each photo which errors it shows and where
// (`box`, in its pixels). Its scribes keep letters apart (keep-apart.ts), so a
// scroll is clean but for the errors it was written with; the few contacts
// left are in the manifest too. Planning is pure and cheap; each job renders one
// scroll's photos, on worker threads as the benchmark folder's are.

import { photographScroll } from './camera.ts';
import { fileName, shotRecord } from './dataset.ts';
import type { ShotRecord } from './dataset.ts';
import { drawTextErrors } from './draw-text-errors.ts';
import { errorBoxInPhoto } from './error-boxes.ts';
import { writeApart } from './keep-apart.ts';
import { MEZUZAH_LETTERS } from './mezuzah-text.ts';
import type { PixelBox } from './error-boxes.ts';
import { createRandom, deriveSeed } from './random.ts';
import { makeScribe } from './scribe.ts';
import { makeScroll } from './scroll.ts';
import type { Scroll } from './scroll.ts';
import type { PhotoInfo, ShotSpec } from './shot.ts';
import { TEXT_ERROR_KINDS } from './text-errors.ts';
import type { TextError, TextErrorKind } from './text-errors.ts';

export type TextSetOptions = {
  readonly seed: number;
  readonly scribes: number;
  /** Scrolls written without an error. */
  readonly clean: number;
  /** Scrolls with exactly one error, for each of the eight kinds. */
  readonly perKind: number;
  /** Scrolls with two or three errors (alternately), of different kinds drawn at random. */
  readonly multi: number;
  /** A registration photo of every scroll at each of these sizes, megapixels (the same scene at each). */
  readonly registration: readonly number[];
  /** Phone photos of every scroll (sizes drawn, 1–12 MP, as any phone photo). */
  readonly phone: number;
};

export type TextJob = {
  readonly type: 'text';
  readonly scribeSeed: number;
  readonly scrollSeed: number;
  readonly errors: readonly TextError[];
  readonly shots: readonly { readonly path: string; readonly spec: ShotSpec }[];
};

/** An error as a photo shows it: issue 53's finding without its confidence. */
export type PhotoError = TextError & { readonly box: PixelBox | null };

export type TextPhotoRecord = {
  readonly path: string;
  readonly kind: ShotSpec['kind'];
  /** Fixed for registration photos; null for phone photos (drawn). */
  readonly megapixels: number | null;
  /** Letter body height in this photo, pixels (at the sheet's centre). */
  letter_px: number;
  /** Every error of the scroll with its box in this photo (null when out of the frame). */
  errors: PhotoError[];
};

/** A letter of a contact: its line (1-based), its word in that line as written (1-based), and the letter. */
export type ContactLetter = { readonly line: number; readonly word: number; readonly char: string };

export type TextScrollRecord = {
  readonly id: string;
  readonly scribe: string;
  readonly font: string;
  readonly size_cm: number;
  readonly errors: readonly TextError[];
  /**
   * Letters whose ink still meets though no error asked for it (keep-apart.ts
   * moves letters apart a few times; what touches after that is here): such a
   * scroll is not clean, and a touching finding there is no false alarm.
   */
  contacts: (readonly [ContactLetter, ContactLetter])[];
  readonly photos: TextPhotoRecord[];
};

export type TextManifest = {
  readonly generator: { readonly set: 'text-check'; readonly seed: number; readonly scribes: number; readonly registration: readonly number[]; readonly phone: number };
  readonly counts: { readonly scrolls: number; readonly clean: number; readonly per_kind: number; readonly multi: number; readonly photos: number };
  readonly scrolls: TextScrollRecord[];
  readonly shots: Record<string, ShotRecord>;
};

export type TextPlan = { readonly manifest: TextManifest; readonly jobs: readonly TextJob[] };

export type TextJobOutput = {
  readonly path: string;
  readonly jpeg: Uint8Array;
  readonly shot: PhotoInfo;
  readonly letterPx: number;
  readonly boxes: readonly (PixelBox | null)[];
  /** The scroll's contacts no error asked for (the same in each of its photos). */
  readonly contacts: readonly (readonly [ContactLetter, ContactLetter])[];
};

/** The folder of a registration photo size, and of the phone photos. */
export const registrationDir = (megapixels: number): string => `reg-${megapixels}mp`;
export const PHONE_DIR = 'phone';

/** The errors each scroll is written with, in order: none for the clean ones, each kind in turn, then two or three at random. */
function errorKinds(options: TextSetOptions): (readonly TextErrorKind[])[] {
  const kinds: (readonly TextErrorKind[])[] = [];
  for (let i = 0; i < options.clean; i++) kinds.push([]);
  for (const kind of TEXT_ERROR_KINDS) for (let i = 0; i < options.perKind; i++) kinds.push([kind]);
  const rnd = createRandom(deriveSeed('text-set', options.seed, 'multi'));
  for (let i = 0; i < options.multi; i++) {
    const pool = [...TEXT_ERROR_KINDS];
    const chosen: TextErrorKind[] = [];
    for (let n = 0; n < 2 + (i % 2); n++) chosen.push(pool.splice(rnd.int(0, pool.length - 1), 1)[0]);
    kinds.push(chosen);
  }
  return kinds;
}

/** Who writes which scroll with which errors, and which photos to take; renders nothing. */
export function planTextSet(options: TextSetOptions): TextPlan {
  const { seed } = options;
  if (options.scribes < 1) throw new Error('at least one scribe is needed');
  const scribeSeeds = Array.from({ length: options.scribes }, (_, k) => deriveSeed(seed, 'text-scribe', k));
  const scribes = scribeSeeds.map((s) => makeScribe(s));
  const jobs: TextJob[] = [];
  const records: TextScrollRecord[] = [];
  errorKinds(options).forEach((kinds, i) => {
    // Scribes in turn, so every kind of error is written by several hands.
    const k = i % options.scribes;
    const scrollSeed = deriveSeed(seed, 'text-scroll', i);
    const errors = drawTextErrors(deriveSeed(seed, 'text-errors', i), kinds, scribes[k].font);
    const shots = [
      ...options.registration.map((megapixels) => ({
        path: `${registrationDir(megapixels)}/${fileName(seed, registrationDir(megapixels), i)}`,
        spec: { kind: 'registration', seed: deriveSeed(seed, 'text-registration', i), megapixels } satisfies ShotSpec,
      })),
      ...Array.from({ length: options.phone }, (_, q) => ({
        path: `${PHONE_DIR}/${fileName(seed, PHONE_DIR, i * 1000 + q)}`,
        spec: { kind: 'phone', seed: deriveSeed(seed, 'text-phone', i, q) } satisfies ShotSpec,
      })),
    ];
    jobs.push({ type: 'text', scribeSeed: scribeSeeds[k], scrollSeed, errors, shots });
    const widthMm = makeScroll(scribes[k], scrollSeed).widthMm;
    records.push({
      id: `t${String(i).padStart(4, '0')}`,
      scribe: `w${String(k).padStart(4, '0')}`,
      font: scribes[k].font,
      size_cm: Math.round(widthMm) / 10,
      errors,
      contacts: [],
      photos: shots.map(({ path, spec }) => ({ path, kind: spec.kind, megapixels: spec.kind === 'registration' ? spec.megapixels : null, letter_px: 0, errors: [] })),
    });
  });
  return {
    manifest: {
      generator: { set: 'text-check', seed, scribes: options.scribes, registration: options.registration, phone: options.phone },
      counts: { scrolls: records.length, clean: options.clean, per_kind: options.perKind, multi: options.multi, photos: jobs.reduce((n, j) => n + j.shots.length, 0) },
      scrolls: records,
      shots: {},
    },
    jobs,
  };
}

/** Where a letter of `scroll` stands, as a contact names it. */
function contactLetter(scroll: Scroll, position: number): ContactLetter {
  const p = scroll.letters[position];
  return { line: p.line + 1, word: (p.written?.word ?? MEZUZAH_LETTERS[p.index].wordInLine) + 1, char: p.char };
}

/** Renders one scroll's photos, written by a scribe who keeps letters apart (keep-apart.ts), with each error's box in each. */
export async function runTextJob(job: TextJob): Promise<TextJobOutput[]> {
  const { scroll, contacts: met } = await writeApart(makeScribe(job.scribeSeed), job.scrollSeed, job.errors);
  const contacts = met.map((c) => [contactLetter(scroll, c.a), contactLetter(scroll, c.b)] as const);
  const outputs: TextJobOutput[] = [];
  for (const { path, spec } of job.shots) {
    const photo = await photographScroll(scroll, spec);
    outputs.push({
      path,
      jpeg: photo.jpeg,
      shot: photo.info,
      letterPx: Math.round(photo.info.pxPerMm * scroll.letterHeightMm * 10) / 10,
      boxes: (scroll.errors ?? []).map((e) => errorBoxInPhoto(scroll, e, spec, photo.info)),
      contacts,
    });
  }
  return outputs;
}

/** Folds rendered outputs into the manifest: each photo's letter size and error boxes, and its conditions in `shots` (sorted, so the file is byte-identical whatever order jobs finish in). */
export function recordTextOutputs(manifest: TextManifest, outputs: readonly TextJobOutput[]): void {
  const byPath = new Map(outputs.map((o) => [o.path, o]));
  for (const scroll of manifest.scrolls) {
    for (const photo of scroll.photos) {
      const output = byPath.get(photo.path);
      if (!output) continue;
      photo.letter_px = output.letterPx;
      photo.errors = scroll.errors.map((e, n) => ({ ...e, box: output.boxes[n] }));
      scroll.contacts = output.contacts.map((c) => [c[0], c[1]]);
    }
  }
  const shots = [...outputs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const output of shots) manifest.shots[output.path] = shotRecord(output.shot);
}

/** The arguments of `npm run synth:text` that write the set `options` describes (for benches that generate it). */
export function textSetArguments(options: TextSetOptions): string[] {
  return [
    '--seed', String(options.seed),
    '--scribes', String(options.scribes),
    '--clean', String(options.clean),
    '--per-kind', String(options.perKind),
    '--multi', String(options.multi),
    '--registration', options.registration.join(','),
    '--phone', String(options.phone),
  ];
}
