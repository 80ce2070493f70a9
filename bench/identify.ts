// npm run bench:identify [-- --scales 10000,100000,1000000] [--requests 15] [--quick]
//
// The identification engine measured against the targets of issue 6, on
// synthetic photos (tools/synth) from two seeds: the TUNE set is where the match
// threshold is chosen; the REPORT set, never looked at while tuning, is where
// every figure is measured. Writes the section between the markers in
// docs/benchmarks.md and prints it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { comparePoints, MATCH_THRESHOLD } from '../src/engine/compare.ts';
import { decodeFingerprint } from '../src/engine/fingerprint.ts';
import type { SearchIndex } from '../src/engine/search-index/search-index.ts';
import { deriveSeed, makeScribe, makeScroll, photographScroll } from '../tools/synth/index.ts';
import { NON_SCROLL, REPORT, REPORT_1MP, speedShot, TUNE, type CompositeSource, type DatasetSpec } from '../tools/scenes/index.ts';
import type { AnalysedDataset } from './lib/analyse-dataset.ts';
import { DISTRACTOR_SEED, distractorSource, loadSet, phoneAgainstRegistrations, photoGroups, registrationsOf, registry, scores, unreadCount, type Registration } from './lib/bench-sets.ts';
import { equalErrorRate, formatRate, highest, quantile, rate, thresholdForFalseMatchRate } from './lib/rates.ts';
import { leanChecker, prepareCheck, type PreparedCheck } from './lib/lean-checker.ts';
import { openSeeder, startServer } from './lib/registry-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    scales: { type: 'string', default: '10000,100000,1000000' },
    requests: { type: 'string', default: '15' },
    'server-scales': { type: 'string', default: '10000,100000' },
    'skip-server': { type: 'boolean', default: false },
  },
});
const SCALES = args.scales.split(',').map(Number);
const SERVER_SCALES = args['server-scales'].split(',').map(Number);
const REQUESTS = Number(args.requests);
const FMR_TARGET = 1e-4;

const log = (line: string) => process.stderr.write(`${line}\n`);
const out: string[] = [];
const say = (line = '') => {
  out.push(line);
  log(line);
};
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const tune = await loadSet('tune', TUNE, log);
  const report = await loadSet('report', REPORT, log);
  const reportAt1MP = await loadSet('report', REPORT_1MP, log);
  const nonScrollSet = await loadSet('non-scroll', NON_SCROLL, log);

  say(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`);
  say(`Command: \`npm run bench:identify -- --scales ${args.scales} ${args['skip-server'] ? '--skip-server' : `--server-scales ${args['server-scales']}`} --requests ${REQUESTS}\`.`);
  say();
  const describe = (name: string, s: DatasetSpec) =>
    `${name}: seed ${s.seed}, ${s.scrolls} registered scrolls by ${s.scribes} scribes (siblings: ${(s.scrolls / s.scribes).toFixed(0)} per scribe), ` +
    `each with 1 registration photo, 1 second registration photo and ${s.queries} phone photos; ${s.unregistered} unregistered scrolls by the same scribes × ${s.queries} phone photos; ` +
    `${s.invalid} images without a readable scroll; every image ${s.megapixels} MP.`;
  say(`- ${describe('Tune set (threshold chosen here)', TUNE)}`);
  say(`- ${describe('Report set (every figure below)', REPORT)}`);
  say(`- Images without a scroll (reported beside the report set's): seed ${NON_SCROLL.seed}, ${NON_SCROLL.invalid} images, the generator's kinds in turn (blank parchment, background, photo, printed text, a scroll blurred or dark past reading); ${NON_SCROLL.megapixels} MP.`);
  say(`- 1:N distractors: hand-model fingerprints (seed ${DISTRACTOR_SEED}; see tools/scenes/hand-fingerprints.ts), added to the report set's registrations.`);
  say();

  // Threshold from the tune set's real photo pairs. They are too few to observe a
  // rate of 1e-4 directly, so the tail is extrapolated from a normal fit to the
  // logit of the impostor scores (z = 3.72 for 1e-4), and never below the highest
  // impostor seen. Hand-model registrations were tried as extra impostors and
  // rejected: they score lower than real photo pairs and would loosen the threshold.
  const t = scores(tune);
  const chosen = thresholdForFalseMatchRate(t.impostor, FMR_TARGET);
  const logit = t.impostor.map((x) => Math.log((x + 0.01) / (1.01 - x)));
  const mean = logit.reduce((a, b) => a + b, 0) / logit.length;
  const sd = Math.sqrt(logit.reduce((a, b) => a + (b - mean) ** 2, 0) / (logit.length - 1));
  const z = mean + 3.719 * sd;
  const extrapolated = Math.max(chosen.threshold, Math.round(((1.01 * Math.exp(z) - 0.01) / (1 + Math.exp(z))) * 1e3) / 1e3);
  say(`### Threshold`);
  say();
  say(`Tune set: ${t.impostor.length} impostor pairs (${t.sibling.length} of them siblings), highest ${highest(t.impostor).toFixed(3)}; ` +
    `${chosen.resolvable ? `observed threshold for FMR ≤ ${FMR_TARGET}: ${chosen.threshold}` : `too few pairs to observe an FMR of ${FMR_TARGET}`}. ` +
    `A normal fit to the logit of the impostor scores puts the ${FMR_TARGET} tail at similarity **${extrapolated}**. ` +
    `The engine's MATCH_THRESHOLD is ${MATCH_THRESHOLD}${MATCH_THRESHOLD === extrapolated ? ' (the same)' : ` (the tune set says ${extrapolated})`}.`);
  say();

  // compare-mezuzot on the report set.
  const r = scores(report);
  const tm = rate(r.genuine.filter((s) => s >= MATCH_THRESHOLD).length, r.genuine.length);
  const fm = rate(r.impostor.filter((s) => s >= MATCH_THRESHOLD).length, r.impostor.length);
  const fmSib = rate(r.sibling.filter((s) => s >= MATCH_THRESHOLD).length, r.sibling.length);
  const eer = equalErrorRate(r.genuine, r.impostor);
  say(`### compare-mezuzot (report set, threshold ${MATCH_THRESHOLD})`);
  say();
  say(`| measure | target | measured |`);
  say(`|---|---|---|`);
  say(`| true-match rate (registration vs phone/second registration photo; unreadable photos count as misses) | ≥ 99.9% | ${formatRate(tm)} |`);
  say(`| false-match rate, all different-scroll pairs | ≤ 0.01% | ${formatRate(fm, 3)} |`);
  say(`| false-match rate, sibling pairs only | (included above) | ${formatRate(fmSib, 3)} |`);
  say(`| equal error rate | report | ${(100 * eer.eer).toFixed(2)}% at similarity ${eer.threshold.toFixed(3)} |`);
  say(`| genuine similarity p5 / median | | ${quantile(r.genuine, 0.05).toFixed(3)} / ${quantile(r.genuine, 0.5).toFixed(3)} |`);
  say(`| highest impostor / highest sibling similarity | | ${highest(r.impostor).toFixed(3)} / ${highest(r.sibling).toFixed(3)} |`);
  say();

  // invalid.
  const res = report.results;
  const { registration: regPhotos, phone: phonePhotos, nonScroll } = photoGroups(report.manifest);
  const scrollPhotos = [...regPhotos, ...phonePhotos];
  const invalidOf = (files: string[]) => rate(unreadCount(report, files), files.length);
  const invalidByKind = (set: typeof report) => {
    const byKind = new Map<string, [number, number]>();
    for (const i of set.manifest.invalid) {
      const [a, b] = byKind.get(i.kind) ?? [0, 0];
      byKind.set(i.kind, [a + (set.results.get(i.path)!.fingerprint ? 0 : 1), b + 1]);
    }
    return [...byKind].map(([k, [a, b]]) => `${k} ${a}/${b}`).join(', ');
  };
  const { nonScroll: moreNonScroll } = photoGroups(nonScrollSet.manifest);
  say(`### invalid (report set)`);
  say();
  say(`| measure | target | measured |`);
  say(`|---|---|---|`);
  say(`| images without a readable scroll answered invalid | ≥ 99% | ${formatRate(invalidOf(nonScroll))} |`);
  say(`| … by kind | | ${invalidByKind(report)} |`);
  say(`| the same, a set of images without a scroll only (seed ${NON_SCROLL.seed}, ${moreNonScroll.length} images, every kind in turn) | ≥ 99% | ${formatRate(rate(unreadCount(nonScrollSet, moreNonScroll), moreNonScroll.length))} |`);
  say(`| … by kind | | ${invalidByKind(nonScrollSet)} |`);
  say(`| real scroll photos answered invalid (all) | ≤ 0.5% | ${formatRate(invalidOf(scrollPhotos))} |`);
  say(`| … registration-grade photos / phone photos | | ${formatRate(invalidOf(regPhotos))} / ${formatRate(invalidOf(phonePhotos))} |`);
  say();

  // 1:N at 10,000 registered: check-mezuzah and the duplicate check.
  const source = distractorSource();
  const registrations = registrationsOf(report);
  const registered = registrations.map((r) => r.scroll);
  const index = registry(registrations, source, SCALES[0] ?? 10000);
  let right = 0;
  let wrong = 0;
  let queries = 0;
  for (const s of registered) {
    for (const q of s.queries) {
      queries++;
      const fp = res.get(q)!.fingerprint;
      const hit = fp ? index.identify(fp) : null;
      if (hit?.scrollId === s.id) right++;
      else if (hit) wrong++;
    }
  }
  let unregTrials = 0;
  let unregHits = 0;
  for (const s of report.manifest.unregistered) {
    for (const q of s.queries) {
      unregTrials++;
      const fp = res.get(q)!.fingerprint;
      if (fp && index.identify(fp)) unregHits++;
    }
  }
  let dupRight = 0;
  let dupFalse = 0;
  for (const s of registered) {
    const fp = res.get(s.second_reference!)!.fingerprint;
    if (fp && index.identify(fp)?.scrollId === s.id) dupRight++;
  }
  // A different scroll wrongly duplicate: each second registration photo against the index without its own scroll.
  for (const { scroll: s, fingerprint } of registrations) {
    const fp = res.get(s.second_reference!)!.fingerprint;
    if (!fp) continue;
    index.remove(s.id);
    if (index.identify(fp)) dupFalse++;
    index.add(s.id, fingerprint);
  }
  const dupTrials = registered.filter((s) => res.get(s.second_reference!)!.fingerprint).length;
  say(`### check-mezuzah and duplicate check, ${index.size.toLocaleString('en')} registered (report set + distractors)`);
  say();
  say(`| measure | target | measured |`);
  say(`|---|---|---|`);
  say(`| photo of a registered scroll → that scroll (unreadable photos count as misses) | ≥ 99.5% | ${formatRate(rate(right, queries))} |`);
  say(`| photo of a registered scroll → a different scroll | | ${formatRate(rate(wrong, queries))} |`);
  say(`| photo of an unregistered scroll (siblings of registered ones) → any scroll | ≤ 0.1% | ${formatRate(rate(unregHits, unregTrials))} |`);
  say(`| second registration photo → duplicate of its scroll | ≥ 99.5% | ${formatRate(rate(dupRight, registered.length))} |`);
  say(`| second registration photo, own scroll removed → duplicate of another | ≤ 0.01% | ${formatRate(rate(dupFalse, dupTrials), 3)} |`);
  say();
  say(`(${report.manifest.scrolls.length - registered.length} of ${report.manifest.scrolls.length} registration photos were unreadable, so those scrolls could not be registered and are left out of the 1:N rows.)`);
  say();

  // A fresh index: the duplicate check above re-filed every registration last.
  atOneMegapixel(report, reportAt1MP, registrations, registry(registrations, source, SCALES[0] ?? 10000));
  // The HTTP rows before the scale rows, while this process holds little more
  // than the sets: sharp's decode in this process is the 12 MP row's yardstick,
  // and after the scale rows' in-process index of a million scrolls it took
  // 112–124 ms a photo against 84 ms before (one-off measurement; the bench had
  // reported 102–183 ms for photos that decode in 61–84 ms in a fresh process).
  if (!args['skip-server']) await endToEnd(registrations, source);
  await scale(report, registrations, source);

  say();
  say(`Total benchmark time ${((Date.now() - started) / 1000).toFixed(0)} s (photo analysis of the report set: ${report.analysisSeconds.toFixed(0)} s, cached between runs until the photo analysis in src/engine changes).`);
  await writeSection(out.join('\n'));
}

/**
 * The report set's phone photos taken again at 1 MP (same scrolls, poses and
 * light), beside the 3 MP ones, against the 3 MP registrations: point for
 * point, and in an index of the section before's size.
 */
function atOneMegapixel(report: AnalysedDataset, small: AnalysedDataset, registrations: readonly Registration[], index: SearchIndex): void {
  const refs = registrations.map((r) => ({ scroll: r.scroll, points: decodeFingerprint(r.fingerprint) }));
  const measure = (set: AnalysedDataset) => {
    const genuine = phoneAgainstRegistrations(report, set);
    const impostor: number[] = [];
    let found = 0;
    let foundWrong = 0;
    // The two sets name a scene's photo alike (names come from the seed and the shot's place).
    for (const { scroll: s } of refs) {
      for (const q of s.queries) {
        const bytes = set.results.get(q)!.fingerprint;
        if (!bytes) continue;
        const hit = index.identify(bytes);
        if (hit?.scrollId === s.id) found++;
        else if (hit) foundWrong++;
        const p = decodeFingerprint(bytes);
        for (const other of refs) if (other.scroll !== s) impostor.push(comparePoints(other.points, p));
      }
    }
    const phone = photoGroups(set.manifest).phone;
    const invalid = unreadCount(set, phone);
    const matched = genuine.filter((x) => x >= MATCH_THRESHOLD).length;
    return {
      matched: formatRate(rate(matched, genuine.length)),
      similarity: `${quantile(genuine, 0.05).toFixed(3)} / ${quantile(genuine, 0.5).toFixed(3)}`,
      invalid: formatRate(rate(invalid, phone.length)),
      impostor: `${formatRate(rate(impostor.filter((x) => x >= MATCH_THRESHOLD).length, impostor.length), 3)} (highest ${highest(impostor).toFixed(3)})`,
      found: `${found}/${genuine.length} / ${foundWrong}/${genuine.length}`,
    };
  };
  const [at3, at1] = [measure(report), measure(small)];
  say(`### The same phone photos at 1 MP (the report set's scenes, seed ${small.spec.seed}, against its 3 MP registrations)`);
  say();
  say(`| measure | 3 MP | 1 MP |`);
  say(`|---|---|---|`);
  say(`| phone photo vs its registration: matched (unreadable photos count as misses) | ${at3.matched} | ${at1.matched} |`);
  say(`| … similarity p5 / median | ${at3.similarity} | ${at1.similarity} |`);
  say(`| phone photos answered invalid (registered and unregistered scrolls) | ${at3.invalid} | ${at1.invalid} |`);
  say(`| phone photo vs every other registration: matched | ${at3.impostor} | ${at1.impostor} |`);
  say(`| check-mezuzah at ${index.size.toLocaleString('en')} registered: that scroll / a different one | ${at3.found} | ${at1.found} |`);
  say();
}

/** In-process index latency and memory at each scale. */
async function scale(report: AnalysedDataset, registrations: readonly Registration[], source: CompositeSource): Promise<void> {
  const res = report.results;
  const queries = report.manifest.scrolls
    .flatMap((s) => s.queries.map((q) => ({ id: s.id, fingerprint: res.get(q)!.fingerprint })))
    .filter((q): q is { id: string; fingerprint: Uint8Array } => q.fingerprint !== null);
  const unregistered = report.manifest.unregistered.flatMap((s) => s.queries).map((q) => res.get(q)!.fingerprint).filter((f): f is Uint8Array => f !== null);
  say(`### Scale: the 1:N index alone (in-process; hand-model composites as distractors)`);
  say();
  say(`Photos of registered scrolls (${queries.length} read of the report set's phone photos) and of unregistered ones (${unregistered.length}), each looked up 3 times; an unregistered photo reads every tier of the index and verifies each tier's leaders before it is answered not found.`);
  say();
  say(`| registered | identify median (registered photo) | p95 | right scroll found | identify median (unregistered photo, not found) | p95 | index bytes per scroll | JS heap + buffers per scroll | build time |`);
  say(`|---|---|---|---|---|---|---|---|---|`);
  // Each size's index lives in its own call, gone before the next size's is measured.
  for (const n of SCALES) say(await scaleRow(n, registrations, source, queries, unregistered));
  say();
}

/** One row of the scale table: an index of `n` scrolls built, measured and queried. */
async function scaleRow(
  n: number,
  registrations: readonly Registration[],
  source: CompositeSource,
  queries: readonly { id: string; fingerprint: Uint8Array }[],
  unregistered: readonly Uint8Array[],
): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const before = await settledMemory(gc);
  const t0 = performance.now();
  const index = registry(registrations, source, n);
  index.flush();
  const build = performance.now() - t0;
  const after = await settledMemory(gc);
  const times: number[] = [];
  const notFound: number[] = [];
  let right = 0;
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      const t = performance.now();
      const hit = index.identify(q.fingerprint);
      times.push(performance.now() - t);
      if (round === 0 && hit?.scrollId === q.id) right++;
    }
    for (const q of unregistered) {
      const t = performance.now();
      index.identify(q);
      notFound.push(performance.now() - t);
    }
  }
  // Heap and typed arrays, not RSS: RSS keeps the pages the previous size's index freed.
  const total = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
  return `| ${n.toLocaleString('en')} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${right}/${queries.length} | ${ms(quantile(notFound, 0.5))} | ${ms(quantile(notFound, 0.95))} | ${(index.byteSize / n).toFixed(0)} B | ${(total / n).toFixed(0)} B${gc ? '' : ' (no --expose-gc)'} | ${(build / 1000).toFixed(1)} s |`;
}

/**
 * The process's memory once garbage is collected. A collection frees the
 * backing stores of dead typed arrays only afterwards, so it runs twice, a
 * turn of the event loop apart. Measured after a single collection, with each
 * size's index a variable of one loop, the 10,000 row counted 2.5–4.5 KB a
 * scroll where its index holds 1.6 KB (buffers of the sections before were
 * released midway), and the 100,000 row 1,420 B against 1,581 (the 10,000
 * index was still alive at the start and freed by the end); now 1,686 and
 * 1,589 B.
 */
async function settledMemory(gc: (() => void) | undefined): Promise<NodeJS.MemoryUsage> {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc?.();
  return process.memoryUsage();
}

/** Through HTTP against a real server process: check-mezuzah latency vs sharp's decode, concurrency, and start-up at each scale. */
async function endToEnd(registrations: readonly Registration[], source: CompositeSource): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mzr-bench-'));
  try {
    const seeder = await openSeeder(dataDir);
    const uuids = registrations.map(() => crypto.randomUUID());
    await seeder.add(registrations.length, (i) => registrations[i].fingerprint, (i) => uuids[i]);

    // Phone photos of six registered scrolls, made for this run from their hand
    // model: each scene at 12 MP, and the same scenes at 3 and 1 MP.
    // A scroll's and its scribe's ids label their numbers in the generator (r0007, w0003).
    const scenes = registrations.slice(0, 6).map((r, k) => {
      const scribe = makeScribe(deriveSeed(REPORT.seed, 'scribe', Number(r.scroll.scribe.slice(1))));
      return { k, uuid: uuids[k], scroll: makeScroll(scribe, deriveSeed(REPORT.seed, 'scroll', Number(r.id.slice(1)))) };
    });
    const photosAt = async (megapixels: number) => {
      const photos: { jpeg: Uint8Array; request: PreparedCheck; uuid: string }[] = [];
      for (const { k, uuid, scroll } of scenes) {
        const { jpeg } = await photographScroll(scroll, speedShot(deriveSeed('bench-12mp', k), megapixels));
        photos.push({ jpeg, request: prepareCheck(jpeg), uuid });
      }
      return photos;
    };
    const photos = await photosAt(12);
    const smaller = [await photosAt(3), await photosAt(1)];
    // The same files for the clean floor, decoded in a fresh process (bench/lib/decode-probe.ts).
    const floorDir = path.join(dataDir, 'floor');
    await fs.mkdir(floorDir);
    await Promise.all(photos.map((p, k) => fs.writeFile(path.join(floorDir, `${k}.jpg`), p.jpeg)));
    const cleanDecode = () =>
      (JSON.parse(execFileSync(process.execPath, [path.join(import.meta.dirname, 'lib', 'decode-probe.ts'), floorDir, String(Math.max(3, Math.ceil(REQUESTS / photos.length)))], { encoding: 'utf8' })) as { medianMs: number }).medianMs;

    say(`### End to end through HTTP (a real server process, SQLite, ${os.cpus().length} engine workers)`);
    say();
    say(`| registered | start-up to ready | server memory (RSS) | check-mezuzah 12 MP median | sharp full decode median: in this process / in a fresh one (same files, same run) | ratio to the faster decode | found right | 1 client req/s | 2 clients req/s | 2 vs 1 (the median of three rounds; each round's) | the same scenes at 3 MP / 1 MP: median, found right |`);
    say(`|---|---|---|---|---|---|---|---|---|---|---|`);
    for (const n of SERVER_SCALES) {
      if (seeder.total < n) await seeder.add(n - seeder.total, (i) => source.fingerprint(i));
      const server = await startServer(dataDir);
      // The timed requests go out pre-encoded (see bench/lib/lean-checker.ts).
      const client = leanChecker(server.node.url);
      try {
        // Warm-up: two clients, so that both workers have run the pipeline on
        // photos of this size and the throughput rows compare steady states.
        // With one warm-up request (and only the server's own start-up warm-up
        // of 2 MP photos), 2 clients measured 1.60-1.64× one, and 1.78-1.80×
        // when measured again right after, in the same process: the pool then
        // gave one client's every request to the same worker, so the other was
        // still compiling when the second client came (it now goes round them).
        await Promise.all([0, 1].map(async (c) => {
          for (let k = 0; k < 3; k++) await client.check(photos[(k + c) % photos.length].request);
        }));
        // REQUESTS checks, one at a time, going round the photos: their latencies
        // and how many found their scroll; `between` runs after each.
        const timed = async (set: typeof photos, between?: (jpeg: Uint8Array) => Promise<void>) => {
          const times: number[] = [];
          let right = 0;
          for (let k = 0; k < REQUESTS; k++) {
            const p = set[k % set.length];
            const t = performance.now();
            const r = await client.check(p.request);
            times.push(performance.now() - t);
            if (r.body.uuid === p.uuid) right++;
            await between?.(p.jpeg);
          }
          return { times, right };
        };
        const decode: number[] = [];
        const at12 = await timed(photos, async (jpeg) => {
          const t = performance.now();
          await sharp(jpeg).raw().toBuffer();
          decode.push(performance.now() - t);
        });
        const throughput = async (clients: number) => {
          const t = performance.now();
          let done = 0;
          await Promise.all(
            Array.from({ length: clients }, async (_, c) => {
              for (let k = 0; k < REQUESTS; k++) {
                await client.check(photos[(k + c) % photos.length].request);
                done++;
              }
            }),
          );
          return done / ((performance.now() - t) / 1000);
        };
        const atSmaller: string[] = [];
        for (const set of smaller) {
          const { times, right } = await timed(set);
          atSmaller.push(`${ms(quantile(times, 0.5))}, ${right}/${REQUESTS}`);
        }
        // One client, then two, three times over: a single pair of runs of this
        // length moved by ±0.1 in the ratio from one pair to the next on these
        // machines (docs/benchmarks.md); the row gives the median round's.
        const rounds = [0, 1, 2].map(() => ({ one: 0, two: 0 }));
        for (const r of rounds) {
          r.one = await throughput(1);
          r.two = await throughput(2);
        }
        const ratios = rounds.map((r) => r.two / r.one);
        const { one, two } = rounds[ratios.indexOf([...ratios].sort((a, b) => a - b)[1])];
        const c = quantile(at12.times, 0.5);
        const d = quantile(decode, 0.5);
        const clean = cleanDecode();
        const rss = await server.rssBytes();
        say(`| ${n.toLocaleString('en')} | ${(server.startupMs / 1000).toFixed(1)} s | ${(rss / 2 ** 20).toFixed(0)} MiB | ${ms(c)} | ${ms(d)} / ${ms(clean)} | ${(c / Math.min(d, clean)).toFixed(2)}× | ${at12.right}/${REQUESTS} | ${one.toFixed(2)} | ${two.toFixed(2)} | ${(two / one).toFixed(2)}× (${ratios.map((x) => x.toFixed(2)).join(', ')}) | ${atSmaller.join(' / ')} |`);
      } finally {
        client.close();
        await server.node.stop();
      }
    }
    await seeder.close();
    say();
    say(`The 12 MP target ("≤ 2× the time sharp alone needs to fully decode the same file") is read against the faster of the two decodes. Where sharp decodes depends on the process's memory as much as on the file: a fresh process pays for the first touch of every page of each 36 MB output, while a process that has decoded before may reuse them, or may be slowed by what it holds (docs/benchmarks.md, "The decode floor"; \`npm run bench:floor\` measures the ratio alone).`);
    say();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const START = '<!-- bench:identify:start -->';
const END = '<!-- bench:identify:end -->';

async function writeSection(body: string): Promise<void> {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const section = `${START}\n## Identification engine (\`npm run bench:identify\`)\n\n${body}\n${END}`;
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  text = a >= 0 && b > a ? text.slice(0, a) + section + text.slice(b + END.length) : `${text.trimEnd()}\n\n${section}\n`;
  await fs.writeFile(file, text);
  log(`wrote ${path.relative(ROOT, file)}`);
}

await main();
