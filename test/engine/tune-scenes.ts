// Photos of the benchmark's tune set (bench/lib/bench-sets.ts, TUNE), rendered
// from its plan as the benchmark renders them: for tests of photos found there.
import { TUNE } from '../../bench/lib/bench-sets.ts';
import { makeScribe, makeScroll, photographScroll, planDataset, type Photo } from '../../tools/synth/index.ts';

/** The set's plan at each photo size it is rendered at (the 1 MP set: the same scenes, smaller). */
const plans = new Map<number, ReturnType<typeof planDataset>>();
function planAt(megapixels: number): ReturnType<typeof planDataset> {
  let plan = plans.get(megapixels);
  if (!plan) plans.set(megapixels, (plan = planDataset({ ...TUNE, megapixels, secondReferences: true })));
  return plan;
}

/**
 * The tune set's registered scroll number `index` (r0057 is 57), photographed
 * as its shot `path` prefix says: `ref` the registration photo, `query` its
 * first phone photo (`nth` 1 the second), `ref2` its second registration photo;
 * at the set's 3 MP unless told (`megapixels` 1: the tune set's 1 MP scenes).
 */
export async function tunePhoto(index: number, prefix: 'ref' | 'query' | 'ref2', nth = 0, megapixels = TUNE.megapixels): Promise<Photo> {
  const job = planAt(megapixels).jobs[index];
  if (job.type !== 'scroll') throw new Error(`job ${index} of the tune set is not a scroll`);
  const shot = job.shots.filter((s) => s.path.startsWith(`${prefix}/`))[nth];
  if (!shot) throw new Error(`scroll ${index} of the tune set has no shot ${prefix} ${nth}`);
  return photographScroll(makeScroll(makeScribe(job.scribeSeed), job.scrollSeed), shot.spec);
}
