// npm run bench:sets [-- report]
//
// The photo-analysis figures of one benchmark set for the engine as it stands:
// how many genuine pairs match, how many phone photos and images without a
// scroll are answered wrongly, the highest different-scroll similarity. The
// tune set (the default) is where an engine change is judged before the full
// `npm run bench:identify` reports on the other; it writes nothing. Photos are
// generated the first time and their analysis cached per engine source, so a
// second run with the same engine takes seconds.
import { MATCH_THRESHOLD } from '../src/engine/compare.ts';
import { loadSet, photoGroups, REPORT, scores, TUNE } from './lib/bench-sets.ts';
import { highest, quantile } from './lib/rates.ts';

const name = process.argv[2] ?? 'tune';
if (name !== 'tune' && name !== 'report') throw new Error(`unknown set ${name}: tune or report`);
const set = await loadSet(name, name === 'tune' ? TUNE : REPORT, (line) => process.stderr.write(`${line}\n`));
const { genuine, impostor, sibling } = scores(set);
const { phone, nonScroll } = photoGroups(set.manifest);
const unread = (files: string[]) => files.filter((f) => !set.results.get(f)!.fingerprint).length;
const read = (files: string[]) => files.length - unread(files);

console.log(`${name} set (seed ${set.spec.seed}), threshold ${MATCH_THRESHOLD}, photo analysis ${set.analysisSeconds.toFixed(0)} s (cached until src/engine changes)`);
console.log(`  genuine pairs matched           ${genuine.filter((s) => s >= MATCH_THRESHOLD).length}/${genuine.length}`);
console.log(`  genuine similarity p5 / median  ${quantile(genuine, 0.05).toFixed(3)} / ${quantile(genuine, 0.5).toFixed(3)}`);
console.log(`  phone photos invalid            ${unread(phone)}/${phone.length}`);
console.log(`  images without a scroll read    ${read(nonScroll)}/${nonScroll.length}`);
console.log(`  highest impostor / sibling      ${highest(impostor).toFixed(3)} / ${highest(sibling).toFixed(3)} (${impostor.length} pairs)`);
