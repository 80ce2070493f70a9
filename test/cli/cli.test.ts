import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeScroll, makeStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

// The server (an app on the same DATA_DIR) runs while the CLI works beside it.
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function cli(...args: string[]): Promise<{ code: number; json?: any; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'src/cli/main.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', PUBLIC_BASE_URL: 'https://registry.test' },
    });
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, 1, `exactly one line of JSON expected, got: ${stdout}`);
    return { code: 0, json: JSON.parse(lines[0]), stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('account create', () => {
  test('a store with everything, then its key works against the running server', async () => {
    const avatar = path.join(t.dataDir, 'avatar.png');
    await writeFile(avatar, await scrollPhoto());
    const created = await cli(
      'account', 'create', '--role', 'store', '--agent', '--username', 'Beit Stam', '--email', 'shop@cli.test',
      '--country', 'Israel', '--state', 'Jerusalem District', '--city', 'Jerusalem', '--lat', '31.77', '--lng', '35.21', '--avatar', avatar,
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.json.role, 'agent');
    assert.equal(created.json.username, 'Beit Stam');
    assert.equal(created.json.lat, 31.77);
    assert.match(created.json.uuid, /^[0-9a-f-]{36}$/);
    assert.match(created.json.avatar, /^static\/avatars\//);

    const key = await cli('apikey', 'create', '--account', created.json.uuid);
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.json.key, /^mzr_/);
    assert.match(key.json.id, /^key_/);
    assert.deepEqual(Object.keys(key.json).sort(), ['id', 'key']);

    const granted = await cli('credits', 'grant', '--account', created.json.uuid, '--amount', '4');
    assert.deepEqual(granted.json, { credits: 4 });
    assert.deepEqual((await cli('credits', 'grant', '--account', created.json.uuid, '--amount', '1')).json, { credits: 5 });
    assert.deepEqual((await storeGet(t.app, key.json.key, '/api/v1/store/credits')).json(), { credits: 5 });

    const revoked = await cli('apikey', 'revoke', '--id', key.json.id);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal((await storeGet(t.app, key.json.key, '/api/v1/store/credits')).statusCode, 401);
  });

  test('a confirmed megiah with a type and a diploma appears in the directory', async () => {
    const diploma = path.join(t.dataDir, 'diploma.pdf');
    await writeFile(diploma, '%PDF-1.4\n% diploma\n');
    const created = await cli(
      'account', 'create', '--role', 'megiah', '--username', 'Rav Cli', '--email', 'rav@cli.test', '--confirmed',
      '--megiah-type', 'senior', '--diploma', diploma,
    );
    assert.equal(created.code, 0, created.stderr);
    const store = await makeStore(t.deps);
    const entry = (await storeGet(t.app, store.key, '/api/v1/store/sofers-megiahs/lookup?email=RAV@cli.test')).json();
    assert.equal(entry.uuid, created.json.uuid);
    assert.equal(entry.megiah_type, 'senior');
    assert.match(entry.diploma_url, /^static\/diplomas\/.+\.pdf$/);
  });

  const refusals: [string, string[], RegExp][] = [
    ['unknown role', ['account', 'create', '--role', 'pope', '--username', 'x', '--email', 'x@cli.test'], /role/],
    ['missing email', ['account', 'create', '--role', 'user', '--username', 'x'], /--email/],
    ['bad email', ['account', 'create', '--role', 'user', '--username', 'x', '--email', 'nope'], /email/],
    ['--agent on a sofer', ['account', 'create', '--role', 'sofer', '--agent', '--username', 'x', '--email', 'y@cli.test'], /agent/],
    ['non-numeric lat', ['account', 'create', '--role', 'user', '--username', 'x', '--email', 'z@cli.test', '--lat', 'north'], /--lat/],
    ['unknown option', ['account', 'create', '--role', 'user', '--colour', 'red'], /colour/],
    ['unknown command', ['scroll', 'burn'], /Unknown command/],
    ['zero credits', ['credits', 'grant', '--account', 'x', '--amount', '0'], /amount/],
    ['unknown account', ['apikey', 'create', '--account', 'nobody'], /account/],
    ['unknown key id', ['apikey', 'revoke', '--id', 'key_nothing'], /id/],
  ];
  for (const [name, args, reason] of refusals) {
    test(`refuses: ${name}, on stderr with a non-zero exit and nothing on stdout`, async () => {
      const result = await cli(...args);
      assert.notEqual(result.code, 0);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, reason);
    });
  }

  test('refuses a duplicate email, case-insensitively', async () => {
    assert.equal((await cli('account', 'create', '--role', 'user', '--username', 'a', '--email', 'Same@cli.test')).code, 0);
    const again = await cli('account', 'create', '--role', 'user', '--username', 'b', '--email', 'same@CLI.test');
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /email/);
  });
});

describe('scroll', () => {
  test('show prints the record with its QR code; verify makes it resolvable', async () => {
    const store = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const shown = await cli('scroll', 'show', '--uuid', scroll.uuid);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.json.uuid, scroll.uuid);
    assert.equal(shown.json.qr_code, scroll.qrCode);
    assert.equal(shown.json.qr_url, `https://registry.test/q/${scroll.qrCode}`);
    assert.equal(shown.json.is_verified, false);

    const scan = () => t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${scroll.qrCode}` });
    assert.equal((await scan()).statusCode, 404);
    const verified = await cli('scroll', 'verify', '--uuid', scroll.uuid);
    assert.equal(verified.code, 0, verified.stderr);
    // Without --by the operator records it on behalf of the scroll's megiah, at the real time of the command.
    const details = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(details?.verifiedById !== null && details?.verifiedAt !== null, true);
    assert.deepEqual(verified.json, {
      uuid: scroll.uuid,
      is_verified: true,
      verified_time: details?.verifiedAt,
      verified_by: { uuid: details?.megiah.uuid, username: details?.megiah.username, role: 'megiah' },
      already_verified: false,
    });
    assert.equal((await cli('scroll', 'verify', '--uuid', scroll.uuid)).json.already_verified, true);
    assert.equal((await scan()).statusCode, 200);
  });

  test('verify --by accepts only an admin or the scroll\'s own megiah', async () => {
    const store = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const refused = await cli('scroll', 'verify', '--uuid', scroll.uuid, '--by', store.account.uuid);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /admin|megiah/);
    const admin = await cli('account', 'create', '--role', 'admin', '--username', 'root', '--email', 'root@cli.test');
    const byAdmin = await cli('scroll', 'verify', '--uuid', scroll.uuid, '--by', admin.json.uuid);
    assert.equal(byAdmin.json.is_verified, true);
    assert.deepEqual(byAdmin.json.verified_by, { uuid: admin.json.uuid, username: 'root', role: 'admin' });

    const another = await makeScroll(t.deps, store.account);
    const ownMegiah = (await t.db.scrolls.findByUuid(another.uuid))?.megiah.uuid as string;
    assert.equal((await cli('scroll', 'verify', '--uuid', another.uuid, '--by', ownMegiah)).json.is_verified, true);
  });

  test('unknown scroll', async () => {
    const result = await cli('scroll', 'show', '--uuid', 'nope');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /not found/i);
  });
});
