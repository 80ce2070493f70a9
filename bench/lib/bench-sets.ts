// The tune and report sets of the identification benchmarks, what both
// bench:identify and bench:sets read off their analysed photos, and the
// phone photos that bench:identify and bench:cores time the engine on.
import { comparePoints } from '../../src/engine/compare.ts';
import { decodeFingerprint } from '../../src/engine/fingerprint.ts';
import type { Manifest } from '../../tools/synth/dataset.ts';
import type { ShotSpec } from '../../tools/synth/index.ts';
import { SearchIndex } from '../../src/engine/search-index/search-index.ts';
import type { ScrollRecord } from '../../tools/synth/dataset.ts';
import { analyseDataset, datasetDir, ensureDataset, type AnalysedDataset, type DatasetSpec } from './analyse-dataset.ts';
import { compositeSource, fillRegistry, type CompositeSource } from './hand-fingerprints.ts';

/** Where the match threshold and every engine change are judged. */
export const TUNE: DatasetSpec = { seed: 1101, scrolls: 200, scribes: 20, queries: 2, unregistered: 20, invalid: 30, megapixels: 3 };
/** Where every reported figure is measured, never looked at while tuning. */
export const REPORT: DatasetSpec = { seed: 2202, scrolls: 100, scribes: 25, queries: 2, unregistered: 30, invalid: 60, megapixels: 3 };
/**
 * The report set's scrolls and scenes photographed again at 1 MP (the same seed
 * draws the same scrolls, poses and light; only the pixel count differs): its
 * phone photos are checked against the 3 MP set's registrations.
 */
export const REPORT_1MP: DatasetSpec = { ...REPORT, megapixels: 1 };

/**
 * The tune set's first 100 scrolls and their scenes with every photo at 12 MP
 * (a phone's default): where the working size of 12 MP JPEGs is judged
 * (docs/engine.md, "12 MP photos read at a third of their size"). Smaller than
 * the tune set, as each photo takes four times as long to make.
 */
export const TUNE_12MP: DatasetSpec = { ...TUNE, scrolls: 100, unregistered: 10, invalid: 10, megapixels: 12 };

/**
 * Images without a scroll only, every kind in turn, more than the report set's
 * 60 (its 12 printed pages cannot show a rate of a few percent); reported, never
 * looked at while tuning.
 */
export const NON_SCROLL: DatasetSpec = { seed: 9119, scrolls: 0, scribes: 1, queries: 0, unregistered: 0, invalid: 500, megapixels: 3 };

/** The phone photo of the speed figures (12 MP unless told): tilted 15°, no motion blur, finger or crop. */
export const speedShot = (seed: number, megapixels = 12): ShotSpec => ({ kind: 'phone', seed, megapixels, tilt: 15, motion: 0, finger: false, crop: false });

/** The set's photos, generated the first time, analysed by the engine as it stands (cached per engine source). */
export async function loadSet(name: 'tune' | 'report' | 'non-scroll', spec: DatasetSpec, log: (line: string) => void): Promise<AnalysedDataset> {
  const dir = datasetDir(name, spec);
  ensureDataset(dir, spec, log);
  return analyseDataset(dir, spec, log);
}

/** A set's images by kind: registration-grade photos, phone photos (registered and unregistered scrolls), images without a scroll. */
export function photoGroups(manifest: Manifest): { registration: string[]; phone: string[]; nonScroll: string[] } {
  return {
    registration: manifest.scrolls.flatMap((s) => [s.reference!, s.second_reference!]),
    phone: [...manifest.scrolls.flatMap((s) => s.queries), ...manifest.unregistered.flatMap((s) => s.queries)],
    nonScroll: manifest.invalid.map((i) => i.path),
  };
}

/** How many of a set's `files` the engine could not read (no fingerprint). */
export const unreadCount = (set: AnalysedDataset, files: readonly string[]): number => files.filter((f) => !set.results.get(f)!.fingerprint).length;

/**
 * The similarity of each phone photo of `photos` to its scroll's registration in
 * `registered`: two sets of the same seed at different photo sizes (the same
 * scrolls and scenes), so small photos are judged against full-size
 * registrations, as a buyer's would be. An unreadable photo scores 0.
 */
export function phoneAgainstRegistrations(registered: AnalysedDataset, photos: AnalysedDataset): number[] {
  if (registered.spec.seed !== photos.spec.seed) throw new Error('the two sets must share a seed (the same scrolls and scenes)');
  const fp = (set: AnalysedDataset, f: string) => {
    const bytes = set.results.get(f)!.fingerprint;
    return bytes ? decodeFingerprint(bytes) : null;
  };
  const genuine: number[] = [];
  // The photo set may hold only the first of the registered set's scrolls (the 12 MP set).
  photos.manifest.scrolls.forEach((s, i) => {
    const ref = fp(registered, registered.manifest.scrolls[i].reference!);
    if (!ref) return; // never registered
    for (const q of s.queries) {
      const p = fp(photos, q);
      genuine.push(p ? comparePoints(ref, p) : 0);
    }
  });
  return genuine;
}

/** Genuine and impostor similarity scores of a data set (every phone photo against every other registration). */
export function scores(set: AnalysedDataset) {
  const fp = (f: string) => {
    const bytes = set.results.get(f)!.fingerprint;
    return bytes ? decodeFingerprint(bytes) : null;
  };
  const refs = set.manifest.scrolls.map((s) => ({ id: s.id, scribe: s.scribe, points: fp(s.reference!) })).filter((r) => r.points);
  const genuine: number[] = [];
  const impostor: number[] = [];
  const sibling: number[] = [];
  for (const s of set.manifest.scrolls) {
    const ref = fp(s.reference!);
    if (!ref) continue; // registration refused: never registered, no genuine pair
    for (const q of [...s.queries, s.second_reference!]) {
      const p = fp(q);
      genuine.push(p ? comparePoints(ref, p) : 0); // an unreadable photo of a registered scroll is a miss
    }
  }
  const probes = [
    ...set.manifest.scrolls.flatMap((s) => [...s.queries, s.second_reference!].map((f) => ({ f, id: s.id, scribe: s.scribe }))),
    ...set.manifest.unregistered.flatMap((s) => s.queries.map((f) => ({ f, id: s.id, scribe: s.scribe }))),
  ];
  for (const probe of probes) {
    const p = fp(probe.f);
    if (!p) continue;
    for (const r of refs) {
      if (r.id === probe.id) continue;
      const s = comparePoints(r.points!, p);
      impostor.push(s);
      if (r.scribe === probe.scribe) sibling.push(s);
    }
  }
  return { genuine, impostor, sibling };
}

/** Seed of the hand-model fingerprints that fill a 1:N registry around a set's registrations. */
export const DISTRACTOR_SEED = 7707;

/** The distractors of every 1:N figure: hand-model composites of 200 scribes, 12 scrolls each (see hand-fingerprints.ts). */
export const distractorSource = (): CompositeSource => compositeSource(DISTRACTOR_SEED, 200, 12);

/** A set's scrolls whose registration photo read (those that could be registered), with its fingerprint. */
export type Registration = { readonly scroll: ScrollRecord; readonly id: string; readonly fingerprint: Uint8Array };

export function registrationsOf(set: AnalysedDataset): Registration[] {
  return set.manifest.scrolls.flatMap((scroll) => {
    const fingerprint = set.results.get(scroll.reference!)!.fingerprint;
    return fingerprint ? [{ scroll, id: scroll.id, fingerprint }] : [];
  });
}

/** An index of `size` scrolls: the registrations among hand-model distractors. */
export function registry(registrations: readonly Registration[], source: CompositeSource, size: number): SearchIndex {
  return fillRegistry(new SearchIndex(), registrations, source, size);
}
