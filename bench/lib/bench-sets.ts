// What bench:identify and bench:sets read off the data sets' analysed photos
// (the sets themselves are scenes: tools/scenes/sets.ts), and the 1:N registry
// of a set's registrations among hand-model distractors.
import { comparePoints } from '../../src/engine/compare.ts';
import { decodeFingerprint } from '../../src/engine/fingerprint.ts';
import type { Manifest } from '../../tools/synth/dataset.ts';
import { SearchIndex } from '../../src/engine/search-index/search-index.ts';
import type { ScrollRecord } from '../../tools/synth/dataset.ts';
import { compositeSource, fillRegistry, type CompositeSource, type DatasetSpec } from '../../tools/scenes/index.ts';
import { analyseDataset, datasetDir, ensureDataset, type AnalysedDataset } from './analyse-dataset.ts';

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

/** The distractors of every 1:N figure: hand-model composites of 200 scribes, 12 scrolls each (see tools/scenes/hand-fingerprints.ts). */
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
