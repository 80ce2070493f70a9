// The scenes the tests and the benchmarks share, and the one module both import
// them from: a test that checks a photo a benchmark found renders the very same
// photo. Each scene is deterministic from its seed, like the generator below it.
export { NON_SCROLL, REPORT, REPORT_1MP, speedShot, TEXT_REPORT, TEXT_TUNE, TUNE, TUNE_12MP, tunePhoto } from './sets.ts';
export type { DatasetSpec } from './sets.ts';
export { STRESS_CONDITIONS, STRESS_MEGAPIXELS, STRESS_SCRIBES, STRESS_SEED, stressPhoto, stressScroll, stressShot } from './stress.ts';
export { compositeSource, fillRegistry, handPoints } from './hand-fingerprints.ts';
export type { CompositeSource, Registry } from './hand-fingerprints.ts';
