// The served OpenAPI document, linted as a partner's tooling would: Redocly's
// recommended rules (redocly.yaml says which are off, and why), no error and
// no warning.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const redocly = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

let t: TestApp;
let dir: string;
before(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
});
after(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

test('redocly lint: no errors, no warnings', async () => {
  const document = path.join(dir, 'openapi.json');
  await writeFile(document, (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body);
  const run = async () => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [redocly, 'lint', document, '--config', path.join(root, 'redocly.yaml'), '--format=summary'], {
        cwd: root,
        // No telemetry, no update check: the test talks to nothing outside this machine.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };
  const { code, output } = await run();
  assert.equal(code, 0, output);
  assert.doesNotMatch(output, /warning|error/i, output);
  assert.match(output, /Your API description is valid/);
});
