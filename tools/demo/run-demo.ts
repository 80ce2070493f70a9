// Seeds a running registry: demo accounts in its database, then synthetic
// scrolls registered through its HTTP API (so its index learns each one at
// once), and sample query photos in a folder. The scrolls that have sample
// photos go first, so the samples work within seconds while the rest continue.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listInventory } from '../../src/domain/list-inventory.ts';
import { ensureDemoAccounts, DemoSetupError, type DemoAccounts, type DemoDeps, type DemoStore } from './demo-accounts.ts';
import type { IdentificationEngine } from '../../src/engine/types.ts';
import { demoScrollSize, parseDemoNote, planDemo, retakeJob, SAMPLES_WANTED, type DemoPlan, type DemoScroll } from './demo-plan.ts';
import { createRenderPool } from './render-pool.ts';
import { RegistryError, registryClient, type RegistryAnswer, type RegistryClient } from './registry-client.ts';

export type DemoOptions = {
  /** Where the registry listens, e.g. http://127.0.0.1:3000 */
  readonly baseUrl: string;
  readonly scrolls: number;
  readonly seed: number;
  /** Folder for the sample photos (created if missing). */
  readonly outDir: string;
  /** Threads rendering synthetic photos. */
  readonly renderThreads: number;
  /** Registrations in flight at once. */
  readonly uploads: number;
};

export type SamplePhoto = {
  readonly file: string;
  readonly endpoint: 'check-mezuzah' | 'compare-mezuzot';
  /** For compare-mezuzot, the other photo. */
  readonly with?: string;
  /** For a phone photo of a registered scroll: its registration photo. */
  readonly registration?: string;
  readonly expect: string;
};

export type DemoReady = {
  readonly afterMs: number;
  readonly samples: readonly SamplePhoto[];
};

export type DemoProgress = {
  readonly done: number;
  readonly total: number;
  readonly registered: number;
  readonly alreadyRegistered: number;
  readonly unreadable: number;
  readonly elapsedMs: number;
};

export type DemoEvents = {
  onAccounts?(accounts: DemoAccounts, alreadyRegistered: number): void;
  /** The sample photos are written and their scrolls registered: the newcomer can try them. */
  onReady?(ready: DemoReady): void;
  onProgress?(progress: DemoProgress): void;
};

export type DemoReport = DemoProgress & {
  readonly accounts: DemoAccounts;
  readonly ready: DemoReady;
  /** Numbers of the scrolls whose registration photo the engine could not read (left unregistered). */
  readonly unreadableScrolls: readonly number[];
};

const UNKNOWN_KEY = "the registry does not know the demo's API key: run the demo with the same DATA_DIR (or DATABASE_URL) as the server.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spreads registrations over the demo stores' keys, keeping each under its
 * rate limit: a key whose window is used up (X-RateLimit-Remaining 0, or a 429)
 * rests until the server says it resets.
 */
function keyScheduler(stores: readonly DemoStore[]) {
  const state = stores.map((store) => ({ store, restUntil: 0, inFlight: 0 }));
  return {
    async acquire(): Promise<(typeof state)[number]> {
      for (;;) {
        const now = Date.now();
        const ready = state.filter((s) => s.restUntil <= now);
        if (ready.length > 0) {
          const pick = ready.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
          pick.inFlight++;
          return pick;
        }
        await sleep(Math.min(...state.map((s) => s.restUntil)) - now + 50);
      }
    },
    release(slot: (typeof state)[number], answer: RegistryAnswer | undefined): void {
      slot.inFlight--;
      if (answer === undefined) return;
      const rest = answer.status === 429 ? answer.retryAfter : answer.remaining === 0 ? answer.reset : undefined;
      if (rest !== undefined) slot.restUntil = Math.max(slot.restUntil, Date.now() + rest * 1000);
    },
  };
}

type RegistrationOutcome = { readonly kind: 'registered'; readonly uuid: string } | { readonly kind: 'duplicate' } | { readonly kind: 'unreadable'; readonly msg: string };

async function registerScroll(
  client: RegistryClient,
  keys: ReturnType<typeof keyScheduler>,
  accounts: DemoAccounts,
  scroll: DemoScroll,
  photo: Uint8Array,
): Promise<RegistrationOutcome> {
  const fields = {
    // A scribe's siblings share a sofer, as they would in life.
    sofer: accounts.sofers[scroll.scribe % accounts.sofers.length].uuid,
    megiah: accounts.megiahs[scroll.number % accounts.megiahs.length].uuid,
    writtendate: scroll.writtenDate,
    examinateddate: scroll.examinedDate,
    font: scroll.font,
    size: demoScrollSize(scroll),
    note: scroll.note,
  };
  for (;;) {
    const slot = await keys.acquire();
    let answer: RegistryAnswer | undefined;
    try {
      answer = await client.register(slot.store.key, photo, fields);
    } finally {
      keys.release(slot, answer);
    }
    if (answer.status === 200) return { kind: 'registered', uuid: String(answer.body.uuid) };
    if (answer.status === 429) continue;
    if (answer.status === 503) {
      // The engine's queue is full: wait as long as the server asks.
      await sleep((answer.retryAfter ?? 1) * 1000);
      continue;
    }
    if (answer.status === 400 && answer.body.status === 'duplicate') return { kind: 'duplicate' };
    if (answer.status === 400 && answer.body.status === 'invalid') return { kind: 'unreadable', msg: String(answer.body.msg) };
    if (answer.status === 401) throw new DemoSetupError(UNKNOWN_KEY);
    throw new RegistryError(`register-mezuzah answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/** Demo scroll numbers (of this seed) already in the demo stores' inventories. */
async function registeredBefore(deps: DemoDeps, accounts: DemoAccounts, seed: number): Promise<Set<number>> {
  const numbers = new Set<number>();
  const limit = 500;
  for (const { account } of accounts.stores) {
    for (let offset = 0; ; offset += limit) {
      const page = await listInventory(deps, account, { offset, limit });
      for (const scroll of page.items) {
        const named = parseDemoNote(scroll.note);
        if (named !== null && named.seed === seed) numbers.add(named.number);
      }
      if (offset + limit >= page.total) break;
    }
  }
  return numbers;
}

function readme(baseUrl: string, samples: readonly SamplePhoto[]): string {
  const lines = [
    '# Sample photos for the Mezuzah Registry demo',
    '',
    `Written by \`npm run demo\` for the registry at ${baseUrl}; run the commands from ${process.cwd()}.`,
    'Each expectation is what the engine answered in the demo process before the photo was offered here.',
    'The public endpoints allow 10 requests a minute per IP address.',
    '',
  ];
  for (const sample of samples) {
    lines.push(`- \`${sample.file}\`${sample.with ? ` with \`${sample.with}\`` : ''}: expect ${sample.expect}`, '', '  ```sh', `  ${curlCommand(baseUrl, sample)}`, '  ```', '');
  }
  return lines.join('\n');
}

export function curlCommand(baseUrl: string, sample: SamplePhoto): string {
  const base = baseUrl.replace(/\/+$/, '');
  return sample.endpoint === 'check-mezuzah'
    ? `curl -F image=@${sample.file} ${base}/api/v1/public/check-mezuzah`
    : `curl -F image1=@${sample.with} -F image2=@${sample.file} ${base}/api/v1/public/compare-mezuzot`;
}

/** Throws RegistryError unless a registry answers at baseUrl. */
export async function requireRegistry(baseUrl: string): Promise<void> {
  const health = await registryClient(baseUrl).health();
  if (health.status !== 200) throw new RegistryError(`${baseUrl}/healthz answered ${health.status}; is this the registry?`);
}

export async function runDemo(deps: DemoDeps & { readonly verifier: IdentificationEngine }, options: DemoOptions, events: DemoEvents = {}): Promise<DemoReport> {
  const started = Date.now();
  const client = registryClient(options.baseUrl);
  await requireRegistry(options.baseUrl);

  const accounts = await ensureDemoAccounts(deps);
  // One cheap authenticated call tells at once whether the server reads the same database.
  const probe = await client.credits(accounts.stores[0].key);
  if (probe.status === 401) throw new DemoSetupError(UNKNOWN_KEY);
  const before = await registeredBefore(deps, accounts, options.seed);
  events.onAccounts?.(accounts, before.size);

  const plan: DemoPlan = planDemo({ scrolls: options.scrolls, seed: options.seed });
  await mkdir(options.outDir, { recursive: true });
  // Paths as the newcomer will type them: relative to here when the folder is below it.
  const shown = path.relative(process.cwd(), options.outDir);
  const rel = (file: string) => path.join(shown === '' ? '.' : shown.startsWith('..') ? options.outDir : shown, file);
  const save = (file: string, bytes: Uint8Array | string) => writeFile(path.join(options.outDir, file), bytes);
  const keys = keyScheduler(accounts.stores);
  const pool = createRenderPool(options.renderThreads);

  const total = plan.scrolls.length;
  const counts = { done: 0, registered: 0, alreadyRegistered: 0, unreadable: 0 };
  const unreadableScrolls: number[] = [];
  const progress = (): DemoProgress => ({ ...counts, total, elapsedMs: Date.now() - started });

  // The samples: phone photos the verifier matched to their scroll's registration
  // photo (so the advertised answer is the engine's, not a hope), an unregistered
  // sibling, and an image with no scroll.
  const candidates = plan.scrolls.filter((s) => s.phone !== undefined);
  const verified: (SamplePhoto & { readonly number: number })[] = [];
  let firstRegistration: { readonly file: string; readonly fingerprint: Uint8Array } | undefined;
  let candidatesLeft = candidates.length;
  let firstHandled = candidates.length === 0;
  let readying = false;
  let readyInfo: DemoReady | undefined;
  let siblingPhoto: Uint8Array | undefined;
  let nonScrollPhoto: Uint8Array | undefined;

  const fingerprintOf = async (photo: Uint8Array): Promise<Uint8Array | undefined> => {
    const analysis = await deps.verifier.analyzePhoto(photo);
    return analysis.kind === 'scroll' ? analysis.fingerprint : undefined;
  };

  const becomeReady = async () => {
    if (readying || siblingPhoto === undefined || nonScrollPhoto === undefined || !firstHandled) return;
    if (verified.length < SAMPLES_WANTED && candidatesLeft > 0) return;
    readying = true;
    const samples: SamplePhoto[] = verified.toSorted((x, y) => x.number - y.number);
    await save(plan.sibling.path, siblingPhoto);
    const sibling = await fingerprintOf(siblingPhoto);
    const similarity = sibling !== undefined && firstRegistration !== undefined ? (await deps.verifier.compare(firstRegistration.fingerprint, sibling)).similarity : undefined;
    samples.push({
      file: rel(plan.sibling.path),
      endpoint: 'check-mezuzah',
      expect:
        sibling === undefined
          ? 'invalid: the engine cannot read this photo of an unregistered scroll'
          : `not_found: an unregistered scroll by the scribe of scroll 1${similarity === undefined ? '' : ` (similarity to scroll 1: ${similarity})`}`,
    });
    await save(plan.nonScroll.path, nonScrollPhoto);
    const nonScroll = await deps.verifier.analyzePhoto(nonScrollPhoto);
    samples.push({
      file: rel(plan.nonScroll.path),
      endpoint: 'check-mezuzah',
      expect: nonScroll.kind === 'invalid' ? 'invalid: a page of other text, no mezuzah scroll' : 'invalid, but the engine reads this page of other text as a scroll',
    });
    const [first] = verified;
    if (first?.registration !== undefined) {
      samples.push({ file: first.file, with: first.registration, endpoint: 'compare-mezuzot', expect: 'is_matched true: the same scroll' });
    }
    if (firstRegistration !== undefined && similarity !== undefined) {
      samples.push({ file: rel(plan.sibling.path), with: firstRegistration.file, endpoint: 'compare-mezuzot', expect: `is_matched false: same scribe, another scroll (similarity ${similarity})` });
    }
    await save('README.md', readme(options.baseUrl, samples));
    readyInfo = { afterMs: Date.now() - started, samples };
    events.onReady?.(readyInfo);
  };

  const registerOne = async (scroll: DemoScroll, registration: Uint8Array): Promise<RegistrationOutcome | 'before'> => {
    if (before.has(scroll.number)) {
      counts.alreadyRegistered++;
      return 'before';
    }
    let outcome = await registerScroll(client, keys, accounts, scroll, registration);
    if (outcome.kind === 'unreadable') {
      // As a store would: take another, larger photo of the same scroll, once.
      const [retake] = await pool.render(retakeJob(scroll, options.seed));
      outcome = await registerScroll(client, keys, accounts, scroll, retake.jpeg);
    }
    if (outcome.kind === 'registered') counts.registered++;
    else if (outcome.kind === 'duplicate') counts.alreadyRegistered++;
    else {
      counts.unreadable++;
      unreadableScrolls.push(scroll.number);
    }
    return outcome;
  };

  /** Registers the scroll; a first scroll photographed by phone is also checked as a sample. */
  const handleScroll = async (scroll: DemoScroll) => {
    if (scroll.phone === undefined && before.has(scroll.number)) {
      counts.alreadyRegistered++;
    } else {
      const [registration, phone] = await pool.render(scroll.job);
      const outcome = await registerOne(scroll, registration.jpeg);
      const registered = outcome === 'before' || outcome.kind !== 'unreadable';
      if (phone !== undefined && registered && (verified.length < SAMPLES_WANTED || scroll.number === 1)) {
        const [a, b] = await Promise.all([fingerprintOf(registration.jpeg), fingerprintOf(phone.jpeg)]);
        if (scroll.number === 1 && a !== undefined) {
          // The unregistered sibling is compared with scroll 1.
          firstRegistration = { file: rel(registration.path), fingerprint: a };
          await save(registration.path, registration.jpeg);
        }
        const comparison = a !== undefined && b !== undefined ? await deps.verifier.compare(a, b) : undefined;
        if (comparison?.isMatched === true && verified.length < SAMPLES_WANTED) {
          await save(registration.path, registration.jpeg);
          await save(phone.path, phone.jpeg);
          const uuid = outcome !== 'before' && outcome.kind === 'registered' ? ` (uuid ${outcome.uuid})` : '';
          verified.push({
            number: scroll.number,
            file: rel(phone.path),
            registration: rel(registration.path),
            endpoint: 'check-mezuzah',
            expect: `success: demo scroll ${scroll.number}${uuid}; similarity to its registration photo ${comparison.similarity}`,
          });
        }
      }
    }
    if (scroll.phone !== undefined) {
      candidatesLeft--;
      if (scroll.number === 1) firstHandled = true;
      await becomeReady();
    }
    counts.done++;
    events.onProgress?.(progress());
  };

  // Candidates first (and the two other samples among them), then the rest. Lanes
  // pull the next item in order: renders run ahead of uploads by at most the
  // number of lanes, so memory stays flat whatever the count.
  const work: (() => Promise<void>)[] = [
    ...candidates.slice(0, 1).map((scroll) => () => handleScroll(scroll)),
    async () => {
      [siblingPhoto] = (await pool.render(plan.sibling.job)).map((photo) => photo.jpeg);
      await becomeReady();
    },
    async () => {
      [nonScrollPhoto] = (await pool.render(plan.nonScroll.job)).map((photo) => photo.jpeg);
      await becomeReady();
    },
    ...plan.scrolls.filter((scroll) => scroll !== candidates[0]).map((scroll) => () => handleScroll(scroll)),
  ];
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const lanes = Math.max(1, options.renderThreads + options.uploads);
  try {
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (failure === undefined && next < work.length) {
          try {
            await work[next++]();
          } catch (error) {
            // The first failure stops every lane after its current item.
            failure ??= { error };
          }
        }
      }),
    );
  } finally {
    await pool.close();
  }
  if (failure !== undefined) throw failure.error;
  if (readyInfo === undefined) throw new Error('the demo finished without writing its sample photos');
  return { ...progress(), accounts, ready: readyInfo, unreadableScrolls: unreadableScrolls.sort((a, b) => a - b) };
}
