// npm run demo -- [--scrolls N] [--url URL] [--out DIR] [--seed S] [--render-threads T] [--uploads U]
// Seeds the registry that `npm start` runs: it writes the demo accounts into the
// database the same configuration names (as the admin CLI does), then registers
// synthetic scrolls through the server's HTTP API and writes sample photos.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig, type Config } from '../../src/config.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, systemClock } from '../../src/domain/clock.ts';
import { createEngine, type IdentificationEngine } from '../../src/engine/index.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';
import { DEMO_STORE_CREDITS, DemoSetupError } from './demo-accounts.ts';
import { REGISTRATION_MEGAPIXELS } from './demo-plan.ts';
import { RegistryError } from './registry-client.ts';
import { curlCommand, requireRegistry, runDemo, type DemoProgress } from './run-demo.ts';

const USAGE = 'usage: npm run demo -- [--scrolls N] [--url URL] [--out DIR] [--seed S] [--render-threads T] [--uploads U]';
const DEFAULT_SCROLLS = 300;

class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The server's own address from HOST and PORT; a wildcard listener is reached on loopback. */
function localUrl(config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

function parseOptions(argv: readonly string[], config: Config) {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        scrolls: { type: 'string', default: String(DEFAULT_SCROLLS) },
        url: { type: 'string' },
        out: { type: 'string', default: 'demo-photos' },
        seed: { type: 'string', default: '1' },
        // The server's engine needs the cores too: by default one render thread fewer than the cores.
        'render-threads': { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
        uploads: { type: 'string', default: '2' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const integer = (name: string, text: string, min: number, max: number): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${text}"\n${USAGE}`);
    return value;
  };
  const baseUrl = (values.url ?? process.env.DEMO_URL ?? '') || localUrl(config);
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--url must be an absolute http(s) URL, got "${baseUrl}"\n${USAGE}`);
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    scrolls: integer('scrolls', values.scrolls, 1, 100_000),
    seed: integer('seed', values.seed, 0, 2 ** 32 - 1),
    outDir: path.resolve(values.out),
    renderThreads: integer('render-threads', values['render-threads'], 1, 64),
    uploads: integer('uploads', values.uploads, 1, 64),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function progressLine(p: DemoProgress): string {
  const rate = p.done / Math.max(0.001, p.elapsedMs / 1000);
  const left = rate > 0 ? (p.total - p.done) / rate : 0;
  const parts = [`${p.done}/${p.total} scrolls`, `${p.registered} registered`];
  if (p.alreadyRegistered > 0) parts.push(`${p.alreadyRegistered} already there`);
  if (p.unreadable > 0) parts.push(`${p.unreadable} unreadable`);
  return `${parts.join(', ')} · ${rate.toFixed(1)}/s · ${p.done < p.total ? `about ${Math.ceil(left)} s left` : `done in ${seconds(p.elapsedMs)}`}`;
}

async function main(): Promise<number> {
  let database;
  let verifier: IdentificationEngine | undefined;
  try {
    const config = parseConfig(process.env);
    const options = parseOptions(process.argv.slice(2), config);
    const out = process.stdout;
    const err = process.stderr;
    // On a terminal the progress line rewrites itself; elsewhere it is printed every 25 scrolls.
    const live = err.isTTY === true;
    const clearProgress = () => live && err.write('\r\x1b[K');
    const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';

    // Before touching any database: without a server there is nothing to seed.
    await requireRegistry(options.baseUrl);
    database = await openDatabase(config.database, () => formatTimestamp(systemClock.now()), { poolSize: 2 });
    // The same engine as the server's, in this process, checks the sample photos before they are advertised.
    verifier = await createEngine({ workers: 1 });
    out.write(`Seeding the registry at ${options.baseUrl} (its database: ${where})\n`);
    const report = await runDemo(
      { db: database, files: localFileStorage(config.filesDir), clock: systemClock, verifier },
      options,
      {
        onAccounts(accounts, already) {
          const [main] = accounts.stores;
          out.write(
            [
              `Accounts: ${accounts.stores.length} agent stores, ${accounts.sofers.length} sofers, ${accounts.megiahs.length} megiahs, 1 buyer (${accounts.created === 0 ? 'all from an earlier run' : `${accounts.created} created`}).`,
              `API key of the store "${main.account.username}" (uuid ${main.account.uuid}; stores start with ${DEMO_STORE_CREDITS} credits), new with this run:`,
              '',
              `  export MZR_KEY=${main.key}`,
              '',
              `Sign in to the portal at ${options.baseUrl}/sign-in (passwords new with this run):`,
              ...accounts.signIns.map(({ account, password }) => `  ${account.role === 'megiah' ? 'as the megiah' : 'as the store'} "${account.username}": ${account.email}  ${password}`),
              '',
              `Registering ${options.scrolls} synthetic scrolls (${REGISTRATION_MEGAPIXELS} MP registration photos, seed ${options.seed})${already > 0 ? `, ${already} of them registered by an earlier run` : ''}; sample photos go to ${options.outDir} first.`,
              '',
            ].join('\n'),
          );
        },
        onReady(ready) {
          clearProgress();
          out.write(`\nReady after ${seconds(ready.afterMs)}: try the sample photos (registration continues meanwhile; README.md in ${options.outDir} lists them too):\n\n`);
          for (const sample of ready.samples) out.write(`  # ${sample.expect}\n  ${curlCommand(options.baseUrl, sample)}\n\n`);
        },
        onProgress(p) {
          if (live) err.write(`\r\x1b[K${progressLine(p)}`);
          else if (p.done % 25 === 0 && p.done < p.total) err.write(`${progressLine(p)}\n`);
        },
      },
    );
    clearProgress();
    out.write(
      [
        `\n${progressLine(report)}.`,
        ...(report.unreadableScrolls.length > 0 ? [`The engine could not read two registration photos of ${report.unreadableScrolls.length === 1 ? 'scroll' : 'scrolls'} ${report.unreadableScrolls.join(', ')}; left unregistered.`] : []),
        '',
        'Next steps, with MZR_KEY exported as above:',
        `  curl -H "X-Api-Key: $MZR_KEY" '${options.baseUrl}/api/v1/store/inventory?per_page=5'`,
        `  curl -H "X-Api-Key: $MZR_KEY" ${options.baseUrl}/api/v1/store/credits`,
        `  curl -H "X-Api-Key: $MZR_KEY" -H 'Content-Type: application/json' -d '{"to_uuid":"${report.accounts.buyer.uuid}","note":"demo sale"}' ${options.baseUrl}/api/v1/store/sell-mezuzah/<uuid from the inventory>`,
        `  curl -H "X-Api-Key: $MZR_KEY" -F mezuzah=@<your photo> -F sofer=${report.accounts.sofers[0].uuid} -F megiah=${report.accounts.megiahs[0].uuid} -F writtendate=2024-01-10 -F examinateddate=2024-02-20 -F font='Beit Yosef' -F size='12 cm' ${options.baseUrl}/api/v1/store/register-mezuzah`,
        `  npm run -s cli -- scroll verify --uuid <uuid>     # then its QR code resolves: ${options.baseUrl}/q/<qr_code>`,
        `The whole API is described at ${options.baseUrl}/api/v1/openapi.json, and can be read and tried at ${options.baseUrl}/api/v1/docs.`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof RegistryError || error instanceof DemoSetupError) {
      process.stderr.write(`\nThe demo stopped: ${error.message}\n`);
      if (error instanceof RegistryError && /no registry answers/.test(error.message)) {
        process.stderr.write('Start the registry first, in another terminal: npm start\n');
      }
      return 1;
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await verifier?.close();
    await database?.close();
  }
}

process.exitCode = await main();
