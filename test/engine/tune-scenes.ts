// Photos of the benchmark's tune set (bench/lib/bench-sets.ts, TUNE), rendered
// from its plan as the benchmark renders them: for tests of photos found there.
import { TUNE } from '../../bench/lib/bench-sets.ts';
import { makeScribe, makeScroll, photographScroll, planDataset, type Photo } from '../../src/synth/index.ts';

const plan = planDataset({ ...TUNE, secondReferences: true });

/**
 * The tune set's registered scroll number `index` (r0057 is 57), photographed
 * as its shot `path` prefix says: `ref` the registration photo, `query` its
 * first phone photo (`nth` 1 the second), `ref2` its second registration photo.
 */
export async function tunePhoto(index: number, prefix: 'ref' | 'query' | 'ref2', nth = 0): Promise<Photo> {
  const job = plan.jobs[index];
  if (job.type !== 'scroll') throw new Error(`job ${index} of the tune set is not a scroll`);
  const shot = job.shots.filter((s) => s.path.startsWith(`${prefix}/`))[nth];
  if (!shot) throw new Error(`scroll ${index} of the tune set has no shot ${prefix} ${nth}`);
  return photographScroll(makeScroll(makeScribe(job.scribeSeed), job.scrollSeed), shot.spec);
}
