// A benchmark folder shaped like ../shared/samples: registration photos (ref/),
// phone photos of the same scrolls (query/), phone photos of unregistered
// scrolls by the same scribes (unreg/), images without a scroll (invalid/), and
// manifest.json tying them together. Planning is pure and cheap; each job then
// renders one scroll's photos (so they share its textures) or one invalid image.

import { photographScroll } from './camera.ts';
import type { PhotoInfo, ShotSpec } from './shot.ts';
import { makeNonScroll, NON_SCROLL_KINDS } from './non-scroll.ts';
import type { NonScrollKind } from './non-scroll.ts';
import { createRandom, deriveSeed } from './random.ts';
import { makeScribe } from './scribe.ts';
import { makeScroll } from './scroll.ts';

export type DatasetOptions = {
  /** Registered scrolls: one registration photo and `queries` phone photos each. */
  readonly scrolls: number;
  readonly scribes: number;
  /** Phone photos per scroll, registered or not. */
  readonly queries: number;
  /** Scrolls never registered, written by the same scribes. */
  readonly unregistered: number;
  readonly invalid: number;
  readonly seed: number;
  /** Fixes every photo's size (otherwise drawn per shot: 2–8 MP registrations, 1–12 MP phone photos). */
  readonly megapixels?: number;
  /** Also a second registration photo of each registered scroll (ref2/): someone registering it again. */
  readonly secondReferences?: boolean;
};

type ScrollJob = {
  readonly type: 'scroll';
  readonly scribeSeed: number;
  readonly scrollSeed: number;
  /** Output path (relative to the folder) and shot, for each photo of this scroll. */
  readonly shots: readonly { readonly path: string; readonly spec: ShotSpec }[];
};

type InvalidJob = { readonly type: 'invalid'; readonly path: string; readonly kind: NonScrollKind; readonly seed: number; readonly megapixels?: number };

export type DatasetJob = ScrollJob | InvalidJob;

/** A scroll photo's conditions in the manifest: what the photo reports, less the camera's internals. */
export type ShotRecord = Omit<PhotoInfo, 'kind' | 'pxPerMm' | 'focal35'>;

export type ScrollRecord = {
  readonly id: string;
  readonly scribe: string;
  readonly reference?: string;
  /** A second registration-grade photo of the same scroll, when asked for. */
  readonly second_reference?: string;
  readonly queries: readonly string[];
  readonly font: string;
  readonly size_cm: number;
  /** Letter height in the registration photo (or the first query), pixels. */
  letter_px: number;
};

export type Manifest = {
  readonly generator: { readonly seed: number; readonly scribes: number; readonly megapixels: number | null };
  readonly counts: { readonly scrolls: number; readonly queries: number; readonly unregistered: number; readonly invalid: number };
  readonly scrolls: ScrollRecord[];
  readonly unregistered: ScrollRecord[];
  readonly invalid: { path: string; kind: NonScrollKind; subkind: string }[];
  readonly pairs: { readonly a: string; readonly b: string; readonly same: boolean; readonly kind: 'genuine' | 'sibling' | 'impostor' }[];
  readonly shots: Record<string, ShotRecord>;
};

export type DatasetPlan = { readonly manifest: Manifest; readonly jobs: readonly DatasetJob[] };

export type JobOutput = {
  readonly path: string;
  readonly jpeg: Uint8Array;
  readonly shot?: PhotoInfo;
  readonly subkind?: string;
  readonly letterPx?: number;
};

export function fileName(seed: number, role: string, index: number): string {
  const high = deriveSeed(seed, role, index).toString(16).padStart(8, '0');
  const low = (deriveSeed(seed, role, index, 'low') & 0xffff).toString(16).padStart(4, '0');
  return `${high}${low}.jpg`;
}

function label(prefix: string, index: number): string {
  return `${prefix}${String(index).padStart(4, '0')}`;
}

/** Who wrote what, which photos to take, and the labelled pairs; renders nothing. */
export function planDataset(options: DatasetOptions): DatasetPlan {
  const { seed } = options;
  if (options.scribes < 1 && options.scrolls + options.unregistered > 0) throw new Error('at least one scribe is needed');
  const rnd = createRandom(deriveSeed('dataset', seed));
  const scribeSeeds = Array.from({ length: options.scribes }, (_, k) => deriveSeed(seed, 'scribe', k));
  const scribes = scribeSeeds.map((s) => makeScribe(s));
  const jobs: DatasetJob[] = [];
  const shotSpec = (kind: ShotSpec['kind'], role: string, i: number, q: number): ShotSpec => ({
    kind,
    seed: deriveSeed(seed, role, i, q),
    ...(options.megapixels ? { megapixels: options.megapixels } : {}),
  });

  const registered: ScrollRecord[] = [];
  const scribeOf: number[] = [];
  for (let i = 0; i < options.scrolls; i++) {
    // Every scribe writes at least one registered scroll when there are enough.
    const k = i < options.scribes ? i : rnd.int(0, options.scribes - 1);
    scribeOf.push(k);
    const scrollSeed = deriveSeed(seed, 'scroll', i);
    const scroll = makeScroll(scribes[k], scrollSeed);
    const reference = `ref/${fileName(seed, 'ref', i)}`;
    const queries = Array.from({ length: options.queries }, (_, q) => `query/${fileName(seed, 'query', i * 1000 + q)}`);
    const second = options.secondReferences ? `ref2/${fileName(seed, 'ref2', i)}` : undefined;
    registered.push({
      id: label('r', i),
      scribe: label('w', k),
      reference,
      ...(second ? { second_reference: second } : {}),
      queries,
      font: scribes[k].font,
      size_cm: Math.round(scroll.widthMm) / 10,
      letter_px: 0,
    });
    jobs.push({
      type: 'scroll',
      scribeSeed: scribeSeeds[k],
      scrollSeed,
      shots: [
        { path: reference, spec: shotSpec('registration', 'ref', i, 0) },
        ...queries.map((path, q) => ({ path, spec: shotSpec('phone', 'query', i, q) })),
        ...(second ? [{ path: second, spec: shotSpec('registration', 'ref2', i, 0) }] : []),
      ],
    });
  }

  const unregistered: ScrollRecord[] = [];
  const used = [...new Set(scribeOf)];
  for (let u = 0; u < options.unregistered; u++) {
    // Unregistered scrolls come from scribes with registered work: they are the siblings to beat.
    const k = used.length > 0 ? used[rnd.int(0, used.length - 1)] : rnd.int(0, options.scribes - 1);
    const scrollSeed = deriveSeed(seed, 'unregistered', u);
    const scroll = makeScroll(scribes[k], scrollSeed);
    const queries = Array.from({ length: Math.max(1, options.queries) }, (_, q) => `unreg/${fileName(seed, 'unreg', u * 1000 + q)}`);
    unregistered.push({ id: label('u', u), scribe: label('w', k), queries, font: scribes[k].font, size_cm: Math.round(scroll.widthMm) / 10, letter_px: 0 });
    jobs.push({ type: 'scroll', scribeSeed: scribeSeeds[k], scrollSeed, shots: queries.map((path, q) => ({ path, spec: shotSpec('phone', 'unreg', u, q) })) });
  }

  const invalid: Manifest['invalid'] = [];
  for (let n = 0; n < options.invalid; n++) {
    const kind = NON_SCROLL_KINDS[n % NON_SCROLL_KINDS.length];
    const path = `invalid/${fileName(seed, 'invalid', n)}`;
    invalid.push({ path, kind, subkind: '' });
    jobs.push({ type: 'invalid', path, kind, seed: deriveSeed(seed, 'invalid', n), megapixels: options.megapixels });
  }

  // Labelled pairs: each phone photo against its own registration, its siblings' and two strangers'.
  const pairs: Manifest['pairs'] = [];
  const pr = rnd.fork('pairs');
  const against = (query: string, scribe: string, own: string | undefined): void => {
    if (own) pairs.push({ a: own, b: query, same: true, kind: 'genuine' });
    const siblings = registered.filter((r) => r.scribe === scribe && r.reference !== own);
    for (const s of siblings.slice(0, 3)) pairs.push({ a: s.reference!, b: query, same: false, kind: 'sibling' });
    const strangers = registered.filter((r) => r.scribe !== scribe);
    for (let i = 0; i < Math.min(2, strangers.length); i++) {
      const s = strangers[pr.int(0, strangers.length - 1)];
      pairs.push({ a: s.reference!, b: query, same: false, kind: 'impostor' });
    }
  };
  for (const r of registered) for (const q of r.queries) against(q, r.scribe, r.reference);
  for (const u of unregistered) for (const q of u.queries) against(q, u.scribe, undefined);

  return {
    manifest: {
      generator: { seed, scribes: options.scribes, megapixels: options.megapixels ?? null },
      counts: { scrolls: options.scrolls, queries: options.queries, unregistered: options.unregistered, invalid: options.invalid },
      scrolls: registered,
      unregistered,
      invalid,
      pairs,
      shots: {},
    },
    jobs,
  };
}

/** Renders one job's images. */
export async function runJob(job: DatasetJob): Promise<JobOutput[]> {
  if (job.type === 'invalid') {
    const image = await makeNonScroll(job.kind, job.seed, { megapixels: job.megapixels });
    return [{ path: job.path, jpeg: image.jpeg, shot: image.info.shot, subkind: image.info.subkind }];
  }
  const scroll = makeScroll(makeScribe(job.scribeSeed), job.scrollSeed);
  const outputs: JobOutput[] = [];
  for (const { path, spec } of job.shots) {
    const photo = await photographScroll(scroll, spec);
    outputs.push({ path, jpeg: photo.jpeg, shot: photo.info, letterPx: Math.round(photo.info.pxPerMm * scroll.letterHeightMm * 10) / 10 });
  }
  return outputs;
}

// Field by field, not a spread: the manifest keeps the samples' key order (their
// fields first, then ours), whatever order PhotoInfo lists them in.
export function shotRecord(info: PhotoInfo): ShotRecord {
  return {
    long: info.long,
    tilt: info.tilt,
    roll: info.roll,
    coverage: info.coverage,
    curl: info.curl,
    bg: info.bg,
    exposure: info.exposure,
    defocus: info.defocus,
    motion: info.motion,
    jpeg: info.jpeg,
    finger: info.finger,
    crop: info.crop,
    glare: info.glare,
    shadow: info.shadow,
    exif: info.exif,
    width: info.width,
    height: info.height,
    corners: info.corners,
  };
}

/** Folds rendered outputs into the manifest: conditions of every scroll photo, letter sizes, invalid subkinds. */
export function recordOutputs(manifest: Manifest, outputs: readonly JobOutput[]): void {
  const byPath = new Map(outputs.map((o) => [o.path, o]));
  // As in the samples, `shots` describes the photos of scrolls; invalid images carry only kind and subkind.
  for (const output of outputs) if (output.shot && !output.path.startsWith('invalid/')) manifest.shots[output.path] = shotRecord(output.shot);
  for (const record of [...manifest.scrolls, ...manifest.unregistered]) {
    const first = byPath.get(record.reference ?? record.queries[0]);
    if (first?.letterPx) record.letter_px = first.letterPx;
  }
  for (const item of manifest.invalid) {
    const output = byPath.get(item.path);
    if (output?.subkind) item.subkind = output.subkind;
  }
  // Same order whatever order the jobs finished in, so the file is byte-identical.
  const sorted = Object.fromEntries(Object.entries(manifest.shots).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  for (const key of Object.keys(manifest.shots)) delete manifest.shots[key];
  Object.assign(manifest.shots, sorted);
}
