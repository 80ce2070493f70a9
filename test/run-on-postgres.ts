// The second pass of `npm test`: the repository, API and portal suites again, each
// test file on a fresh schema of a real PostgreSQL (TEST_POSTGRES_URL, by
// default the machine's at 127.0.0.1:5432). Without a reachable PostgreSQL it
// skips with one line, except in CI (CI set), where that is a failure.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { postgresUnreachableReason, postgresTestUrl, redact } from './support/test-databases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const suites = ['test/api/*.test.ts', 'test/db/*.test.ts', 'test/portal/*.test.ts'];

const reason = await postgresUnreachableReason();
if (reason !== null) {
  if (process.env.CI) {
    console.error(`PostgreSQL suites: CI is set but ${reason}; they must run in CI.`);
    process.exit(1);
  }
  console.log(`PostgreSQL suites skipped: ${reason} (set TEST_POSTGRES_URL to run them).`);
  process.exit(0);
}

console.log(`PostgreSQL suites: ${suites.join(' ')} on ${redact(postgresTestUrl)}, a fresh schema per test file`);
const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...process.argv.slice(2), ...suites], {
  cwd: root,
  env: { ...process.env, TEST_DATABASE: 'postgres' },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
