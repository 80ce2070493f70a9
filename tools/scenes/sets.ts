// The benchmark's data sets, each a spec the generator turns into a folder
// (bench/lib/analyse-dataset.ts runs tools/synth/cli.ts on it; the text check's
// sets, tools/synth/text-set-cli.ts), one photo of the tune set rendered alone
// for a test, and the phone shot of the speed figures.
import { makeScribe, makeScroll, photographScroll, planDataset, type Photo, type ShotSpec, type TextSetOptions } from '../synth/index.ts';

/** The generator's arguments for one data set (registered scrolls always get a second registration photo). */
export type DatasetSpec = {
  readonly seed: number;
  readonly scrolls: number;
  readonly scribes: number;
  readonly queries: number;
  readonly unregistered: number;
  readonly invalid: number;
  readonly megapixels: number;
};

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

/**
 * Where the text check (issue 53) is tuned: clean scrolls, scrolls with one
 * error of each kind and some with two or three, by many scribes, each
 * photographed for registration at 3 and 12 MP (the same scene) and by a phone.
 * `npm run synth:text -- --set tune --out DIR` writes it in a few minutes on 2 cores.
 */
export const TEXT_TUNE: TextSetOptions = { seed: 5301, scribes: 16, clean: 24, perKind: 6, multi: 12, registration: [3, 12], phone: 1 };
/** Where the text check's reported figures are measured, never looked at while tuning: more scrolls and scribes, two phone photos of each. */
export const TEXT_REPORT: TextSetOptions = { seed: 6402, scribes: 40, clean: 100, perKind: 30, multi: 30, registration: [3, 12], phone: 2 };

/** The phone photo of the speed figures (12 MP unless told): tilted 15°, no motion blur, finger or crop. */
export const speedShot = (seed: number, megapixels = 12): ShotSpec => ({ kind: 'phone', seed, megapixels, tilt: 15, motion: 0, finger: false, crop: false });

/** The tune set's plan at each photo size it is rendered at (the 1 MP set: the same scenes, smaller). */
const tunePlans = new Map<number, ReturnType<typeof planDataset>>();
function tunePlanAt(megapixels: number): ReturnType<typeof planDataset> {
  let plan = tunePlans.get(megapixels);
  if (!plan) tunePlans.set(megapixels, (plan = planDataset({ ...TUNE, megapixels, secondReferences: true })));
  return plan;
}

/**
 * The tune set's registered scroll number `index` (r0057 is 57), photographed
 * as its shot `path` prefix says: `ref` the registration photo, `query` its
 * first phone photo (`nth` 1 the second), `ref2` its second registration photo;
 * at the set's 3 MP unless told (`megapixels` 1: the tune set's 1 MP scenes).
 * The same bytes as the file the generator writes into the set's folder.
 */
export async function tunePhoto(index: number, prefix: 'ref' | 'query' | 'ref2', nth = 0, megapixels = TUNE.megapixels): Promise<Photo> {
  const job = tunePlanAt(megapixels).jobs[index];
  if (job.type !== 'scroll') throw new Error(`job ${index} of the tune set is not a scroll`);
  const shot = job.shots.filter((s) => s.path.startsWith(`${prefix}/`))[nth];
  if (!shot) throw new Error(`scroll ${index} of the tune set has no shot ${prefix} ${nth}`);
  return photographScroll(makeScroll(makeScribe(job.scribeSeed), job.scrollSeed), shot.spec);
}
