// npm run bench:sets [-- report] [--1mp]
//
// The photo-analysis figures of one benchmark set for the engine as it stands:
// how many genuine pairs match, how many phone photos and images without a
// scroll are answered wrongly, the highest different-scroll similarity. The
// tune set (the default) is where an engine change is judged before the full
// `npm run bench:identify` reports on the other; it writes nothing. Photos are
// generated the first time and their analysis cached per engine source, so a
// second run with the same engine takes seconds. With --1mp, also the set's
// phone photos taken again at 1 MP (the same scenes) against its 3 MP
// registrations, where small, steep photos are read worst (generated the first
// time too).
import { MATCH_THRESHOLD } from '../src/engine/compare.ts';
import { loadSet, phoneAgainstRegistrations, photoGroups, REPORT, scores, TUNE, unreadCount } from './lib/bench-sets.ts';
import { highest, quantile } from './lib/rates.ts';

const args = process.argv.slice(2);
const oneMegapixel = args.includes('--1mp');
const name = args.find((a) => !a.startsWith('--')) ?? 'tune';
if (name !== 'tune' && name !== 'report') throw new Error(`unknown set ${name}: tune or report`);
const spec = name === 'tune' ? TUNE : REPORT;
const log = (line: string) => process.stderr.write(`${line}\n`);
const set = await loadSet(name, spec, log);
const { genuine, impostor, sibling } = scores(set);
const { phone, nonScroll } = photoGroups(set.manifest);
const unread = (files: string[]) => unreadCount(set, files);
const read = (files: string[]) => files.length - unread(files);

console.log(`${name} set (seed ${set.spec.seed}), threshold ${MATCH_THRESHOLD}, photo analysis ${set.analysisSeconds.toFixed(0)} s (cached until src/engine changes)`);
console.log(`  genuine pairs matched           ${genuine.filter((s) => s >= MATCH_THRESHOLD).length}/${genuine.length}`);
console.log(`  genuine similarity p5 / median  ${quantile(genuine, 0.05).toFixed(3)} / ${quantile(genuine, 0.5).toFixed(3)}`);
console.log(`  phone photos invalid            ${unread(phone)}/${phone.length}`);
console.log(`  images without a scroll read    ${read(nonScroll)}/${nonScroll.length}`);
console.log(`  highest impostor / sibling      ${highest(impostor).toFixed(3)} / ${highest(sibling).toFixed(3)} (${impostor.length} pairs)`);

if (oneMegapixel) {
  const small = await loadSet(name, { ...spec, megapixels: 1 }, log);
  const atOne = phoneAgainstRegistrations(set, small);
  const { phone: smallPhone } = photoGroups(small.manifest);
  console.log(`the same scenes at 1 MP, against the 3 MP registrations (photo analysis ${small.analysisSeconds.toFixed(0)} s)`);
  console.log(`  phone photos matched            ${atOne.filter((s) => s >= MATCH_THRESHOLD).length}/${atOne.length}`);
  console.log(`  similarity p5 / median          ${quantile(atOne, 0.05).toFixed(3)} / ${quantile(atOne, 0.5).toFixed(3)}`);
  console.log(`  phone photos invalid            ${unreadCount(small, smallPhone)}/${smallPhone.length}`);
}
