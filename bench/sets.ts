// npm run bench:sets [-- report] [--1mp] [--12mp] [--index 10000,...]
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
// time too). With --12mp (tune set only), its first 100 scrolls photographed at
// 12 MP: their own figures, and their phone photos against the 3 MP
// registrations. With --index 10000,100000 also the 1:N search of the set's phone
// photos at each registry size (its registrations among bench:identify's
// hand-model distractors): found, found wrong, unregistered photos found, and
// the time to answer not found; an index change is judged here on the tune set.
import { MATCH_THRESHOLD } from '../src/engine/compare.ts';
import { REPORT, TUNE, TUNE_12MP } from '../tools/scenes/index.ts';
import { distractorSource, loadSet, phoneAgainstRegistrations, photoGroups, registrationsOf, registry, scores, unreadCount } from './lib/bench-sets.ts';
import type { AnalysedDataset } from './lib/analyse-dataset.ts';
import { highest, quantile } from './lib/rates.ts';

const args = process.argv.slice(2);
const oneMegapixel = args.includes('--1mp');
const twelveMegapixels = args.includes('--12mp');
const indexAt = args.includes('--index') ? args[args.indexOf('--index') + 1].split(',').map(Number) : [];
const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--index') ?? 'tune';
if (name !== 'tune' && name !== 'report') throw new Error(`unknown set ${name}: tune or report`);
const spec = name === 'tune' ? TUNE : REPORT;
const log = (line: string) => process.stderr.write(`${line}\n`);
const set = await loadSet(name, spec, log);
/** A set's own figures: its genuine pairs, phone photos unread, images without a scroll read, highest different-scroll pairs. */
function printOwn(own: AnalysedDataset): void {
  const { genuine, impostor, sibling } = scores(own);
  const { phone, nonScroll } = photoGroups(own.manifest);
  console.log(`  genuine pairs matched           ${genuine.filter((s) => s >= MATCH_THRESHOLD).length}/${genuine.length}`);
  console.log(`  genuine similarity p5 / median  ${quantile(genuine, 0.05).toFixed(3)} / ${quantile(genuine, 0.5).toFixed(3)}`);
  console.log(`  phone photos invalid            ${unreadCount(own, phone)}/${phone.length}`);
  console.log(`  images without a scroll read    ${nonScroll.length - unreadCount(own, nonScroll)}/${nonScroll.length}`);
  console.log(`  highest impostor / sibling      ${highest(impostor).toFixed(3)} / ${highest(sibling).toFixed(3)} (${impostor.length} pairs)`);
}

console.log(`${name} set (seed ${set.spec.seed}), threshold ${MATCH_THRESHOLD}, photo analysis ${set.analysisSeconds.toFixed(0)} s (cached until src/engine changes)`);
printOwn(set);

if (oneMegapixel) {
  const small = await loadSet(name, { ...spec, megapixels: 1 }, log);
  const atOne = phoneAgainstRegistrations(set, small);
  const { phone: smallPhone } = photoGroups(small.manifest);
  console.log(`the same scenes at 1 MP, against the 3 MP registrations (photo analysis ${small.analysisSeconds.toFixed(0)} s)`);
  console.log(`  phone photos matched            ${atOne.filter((s) => s >= MATCH_THRESHOLD).length}/${atOne.length}`);
  console.log(`  similarity p5 / median          ${quantile(atOne, 0.05).toFixed(3)} / ${quantile(atOne, 0.5).toFixed(3)}`);
  console.log(`  phone photos invalid            ${unreadCount(small, smallPhone)}/${smallPhone.length}`);
}

if (twelveMegapixels) {
  if (name !== 'tune') throw new Error('--12mp is a tune set');
  const big = await loadSet(name, TUNE_12MP, log);
  const atTwelve = phoneAgainstRegistrations(set, big);
  console.log(`its first ${TUNE_12MP.scrolls} scrolls at 12 MP (photo analysis ${big.analysisSeconds.toFixed(0)} s)`);
  printOwn(big);
  console.log(`  phone photos vs 3 MP registrations matched  ${atTwelve.filter((s) => s >= MATCH_THRESHOLD).length}/${atTwelve.length}, p5 / median ${quantile(atTwelve, 0.05).toFixed(3)} / ${quantile(atTwelve, 0.5).toFixed(3)}`);
}

if (indexAt.length > 0) {
  const registrations = registrationsOf(set);
  const source = distractorSource();
  const registered = registrations.flatMap((r) => r.scroll.queries.map((q) => ({ id: r.id, fingerprint: set.results.get(q)!.fingerprint })));
  const unregistered = set.manifest.unregistered.flatMap((s) => s.queries).map((q) => set.results.get(q)!.fingerprint).filter((f): f is Uint8Array => f !== null);
  for (const n of indexAt) {
    const index = registry(registrations, source, n);
    index.flush();
    let right = 0;
    let wrong = 0;
    for (const q of registered) {
      const hit = q.fingerprint ? index.identify(q.fingerprint) : null;
      if (hit?.scrollId === q.id) right++;
      else if (hit) wrong++;
    }
    let unregisteredFound = 0;
    const notFound: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const q of unregistered) {
        const t = performance.now();
        const hit = index.identify(q);
        notFound.push(performance.now() - t);
        if (round === 0 && hit) unregisteredFound++;
      }
    }
    console.log(`1:N at ${n.toLocaleString('en')} registered (${registrations.length} of the set's, the rest hand-model distractors)`);
    console.log(`  phone photos found / wrong      ${right}/${registered.length} / ${wrong}`);
    console.log(`  unregistered photos found       ${unregisteredFound}/${unregistered.length}`);
    console.log(`  not found, median               ${quantile(notFound, 0.5).toFixed(1)} ms`);
  }
}
