import { API_KEY_CACHE_TTL_MS } from '../../src/domain/api-key-cache.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { portalBrowser, signedInBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { commands } from '../../src/cli/commands.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

// The server (an app on the same DATA_DIR) runs while the CLI works beside it.
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

type CliResult = { code: number; json?: any; stdout: string; stderr: string };

function cli(...args: string[]): Promise<CliResult> {
  return cliPiped(undefined, ...args);
}

/** Runs the CLI as a person does, for its plain-text output (the help); `env` overrides the test's environment. */
async function cliText(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'src/cli/main.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', PUBLIC_BASE_URL: 'https://registry.test', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Runs a command with `stdin` piped to it (as `echo ... | npm run cli -- ...`), or an open, silent pipe when undefined. */
async function cliPiped(stdin: string | undefined, ...args: string[]): Promise<CliResult> {
  try {
    const running = run(process.execPath, [path.join(root, 'src/cli/main.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', PUBLIC_BASE_URL: 'https://registry.test' },
    });
    if (stdin !== undefined) running.child.stdin?.end(stdin);
    const { stdout, stderr } = await running;
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

    const key = await cli('apikey', 'create', '--account', created.json.uuid, '--label', 'shop till');
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.json.key, /^mzr_/);
    assert.match(key.json.id, /^key_/);
    assert.deepEqual(Object.keys(key.json).sort(), ['id', 'key', 'label']);
    assert.equal(key.json.label, 'shop till');

    const granted = await cli('credits', 'grant', '--account', created.json.uuid, '--amount', '4');
    assert.deepEqual(granted.json, { credits: 4 });
    assert.deepEqual((await cli('credits', 'grant', '--account', created.json.uuid, '--amount', '1')).json, { credits: 5 });
    assert.deepEqual((await storeGet(t.app, key.json.key, '/api/v1/store/credits')).json(), { credits: 5 });

    const revoked = await cli('apikey', 'revoke', '--id', key.json.id);
    assert.equal(revoked.code, 0, revoked.stderr);
    // Revoked by another process: the server trusts what it read of the key for API_KEY_CACHE_TTL_MS at most.
    t.clock.advance(API_KEY_CACHE_TTL_MS);
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
    ['a control character in a username', ['account', 'create', '--role', 'user', '--username', 'a\u0001b', '--email', 'ctl@cli.test'], /username must not contain control characters \(found U\+0001\)/],
    ['a bidi override in a city', ['account', 'create', '--role', 'user', '--username', 'x', '--email', 'rlo@cli.test', '--city', '\u202EHaifa'], /city must not contain bidirectional .*\(found U\+202E\)/],
    ["a bidi override in a grant's reason", ['credits', 'grant', '--account', 'x', '--amount', '1', '--reason', '\u202Epaid'], /reason must not contain bidirectional .*\(found U\+202E\)/],
    ['--agent on a sofer', ['account', 'create', '--role', 'sofer', '--agent', '--username', 'x', '--email', 'y@cli.test'], /agent/],
    ['non-numeric lat', ['account', 'create', '--role', 'user', '--username', 'x', '--email', 'z@cli.test', '--lat', 'north'], /--lat/],
    ['unknown option', ['account', 'create', '--role', 'user', '--colour', 'red'], /colour/],
    ['unknown command', ['scroll', 'burn'], /Unknown command/],
    ['zero credits', ['credits', 'grant', '--account', 'x', '--amount', '0'], /amount/],
    ['unknown account', ['apikey', 'create', '--account', 'nobody'], /account/],
    ['unknown key id', ['apikey', 'revoke', '--id', 'key_nothing'], /id/],
    ['set-password without --account', ['account', 'set-password'], /--account/],
    ['set-password for an unknown account', ['account', 'set-password', '--account', 'nobody'], /account/],
    ['a password given as an option', ['account', 'set-password', '--account', 'x', '--password', 'secret'], /password/],
    ['invite an unknown account', ['account', 'invite', '--account', 'nobody'], /account/],
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

  test("reject records the megiah's reason; show prints it; verify later ends it", async () => {
    const store = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const megiah = (await t.db.scrolls.findByUuid(scroll.uuid))?.megiah;
    const rejected = await cli('scroll', 'reject', '--uuid', scroll.uuid, '--reason', 'spacing_or_layout', '--note', 'Line 6 closed');
    assert.equal(rejected.code, 0, rejected.stderr);
    assert.equal(rejected.json.is_verified, false);
    assert.equal(rejected.json.reason, 'spacing_or_layout');
    assert.equal(rejected.json.note, 'Line 6 closed');
    assert.deepEqual(rejected.json.rejected_by, { uuid: megiah?.uuid, username: megiah?.username, role: 'megiah' });
    assert.equal(rejected.json.already_rejected, false);
    const shown = await cli('scroll', 'show', '--uuid', scroll.uuid);
    assert.equal(shown.json.rejection.reason, 'spacing_or_layout');
    assert.equal(shown.json.rejection.note, 'Line 6 closed');

    const bad = await cli('scroll', 'reject', '--uuid', scroll.uuid, '--reason', 'ugly');
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /reason must be one of .*spacing_or_layout/);
    const noNote = await cli('scroll', 'reject', '--uuid', scroll.uuid, '--reason', 'other');
    assert.match(noNote.stderr, /note is required when reason is other/);

    assert.equal((await cli('scroll', 'verify', '--uuid', scroll.uuid)).json.is_verified, true);
    assert.equal((await cli('scroll', 'show', '--uuid', scroll.uuid)).json.rejection, null);
    const late = await cli('scroll', 'reject', '--uuid', scroll.uuid, '--reason', 'parchment_or_ink');
    assert.notEqual(late.code, 0);
    assert.match(late.stderr, /already confirmed/);
  });

  test('unknown scroll', async () => {
    const result = await cli('scroll', 'show', '--uuid', 'nope');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /not found/i);
  });
});

describe('account set-password', () => {
  async function signIn(email: string, password: string) {
    const browser = portalBrowser(t.app);
    await browser.get('/sign-in');
    return (await browser.post('/sign-in', { email, password })).statusCode;
  }

  test('sets the password from the first line piped in, and ends the sessions opened before', async () => {
    const store = await makeStore(t.deps);
    const before = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await before.get('/settings/password')).statusCode, 200);

    const set = await cliPiped('piped in password\nsecond line ignored\n', 'account', 'set-password', '--account', store.account.uuid);
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(set.json, { uuid: store.account.uuid, password_set: true });
    assert.equal(await signIn(store.account.email, 'piped in password'), 303);
    assert.equal(await signIn(store.account.email, 'second line ignored'), 401);
    // Whoever was signed in with the old password is signed out.
    assert.equal((await before.get('/settings/password')).statusCode, 303);
  });

  test('a Windows line ending is not part of the password', async () => {
    const store = await makeStore(t.deps);
    assert.equal((await cliPiped('crlf ended password\r\n', 'account', 'set-password', '--account', store.account.uuid)).code, 0);
    assert.equal(await signIn(store.account.email, 'crlf ended password'), 303);
  });

  const refused: [string, string, RegExp][] = [
    ['nothing piped in', '', /standard input/],
    ['an empty first line', '\nthe second line\n', /standard input/],
    ['a password too short', 'short\n', /password/i],
  ];
  for (const [name, stdin, reason] of refused) {
    test(`refuses ${name}, and the old password still works`, async () => {
      const store = await makeStore(t.deps);
      await signedInBrowser(t.app, t.deps, store.account);
      const result = await cliPiped(stdin, 'account', 'set-password', '--account', store.account.uuid);
      assert.notEqual(result.code, 0);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, reason);
      assert.equal(await signIn(store.account.email, 'correct horse battery staple'), 303);
    });
  }
});

describe('account invite', () => {
  test('prints a link that opens the invitation page, and a new one replaces it', async () => {
    const megiah = await makeMegiah(t.deps);
    const invited = await cli('account', 'invite', '--account', megiah.uuid);
    assert.equal(invited.code, 0, invited.stderr);
    assert.deepEqual(Object.keys(invited.json).sort(), ['expires', 'url']);
    assert.match(invited.json.url, /^https:\/\/registry\.test\/invitation\/[A-Za-z0-9_-]{20,}$/);
    assert.match(invited.json.expires, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const open = (url: string) => portalBrowser(t.app).get(new URL(url).pathname);
    const page = await open(invited.json.url);
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(megiah.email));

    const again = await cli('account', 'invite', '--account', megiah.uuid);
    assert.notEqual(again.json.url, invited.json.url);
    assert.equal((await open(invited.json.url)).statusCode, 404);
    assert.equal((await open(again.json.url)).statusCode, 200);
  });
});

describe('credits grant --reason', () => {
  test('the reason is kept in the ledger, with no admin named', async () => {
    const store = await makeStore(t.deps);
    const granted = await cli('credits', 'grant', '--account', store.account.uuid, '--amount', '7', '--reason', 'Paid invoice 77');
    assert.deepEqual(granted.json, { credits: 7 });
    const entries = await t.db.credits.listEntries(store.account.id, { offset: 0, limit: 5 });
    assert.equal(entries.items[0].note, 'Paid invoice 77');
    assert.equal(entries.items[0].grantedById, null);
    const tooLong = await cli('credits', 'grant', '--account', store.account.uuid, '--amount', '1', '--reason', 'x'.repeat(201));
    assert.notEqual(tooLong.code, 0);
    assert.match(tooLong.stderr, /reason/);
    assert.equal(await t.db.credits.balanceOf(store.account.id), 7);
  });
});

describe('help', () => {
  test('--help, -h, help and no command at all list every command with its options and what it does, ending with a newline', async () => {
    const usages = Object.values(commands).map((command) => command.usage);
    for (const args of [['--help'], ['-h'], ['help'], []]) {
      const shown = await cliText(args);
      assert.equal(shown.code, 0, `${args.join(' ')}: ${shown.stderr}`);
      for (const usage of usages) assert.ok(shown.stdout.includes(usage), `${args.join(' ') || '(none)'} lacks ${usage}`);
      for (const { summary } of Object.values(commands)) assert.ok(shown.stdout.includes(summary));
      assert.ok(shown.stdout.endsWith('\n'));
    }
  });

  test('help GROUP [ACTION] and ACTION --help show just those; an unknown topic is refused with the list', async () => {
    const one = await cliText(['help', 'account', 'create']);
    assert.equal(one.code, 0);
    assert.ok(one.stdout.includes(commands['account create'].usage));
    assert.ok(!one.stdout.includes('apikey'));
    const group = await cliText(['help', 'scroll']);
    for (const name of ['scroll verify', 'scroll reject', 'scroll show']) assert.ok(group.stdout.includes(commands[name].usage), name);
    assert.ok(!group.stdout.includes('credits grant'));
    const asked = await cliText(['credits', 'grant', '--help']);
    assert.equal(asked.code, 0);
    assert.ok(asked.stdout.includes(commands['credits grant'].usage));
    const unknown = await cliText(['help', 'nothing']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No command "nothing"[\s\S]*account create/);
    assert.ok(unknown.stderr.endsWith('\n'));
    const typo = await cliText(['acount', 'list']);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /Unknown command "acount list"[\s\S]*account list/);
  });
});

describe('account list', () => {
  test('newest first, by role or name, in pages', async () => {
    const megiah = await makeMegiah(t.deps, { username: 'Rav Listed Levi' });
    const store = await makeStore(t.deps);
    const all = await cli('account', 'list');
    assert.equal(all.code, 0, all.stderr);
    assert.equal(all.json.page, 1);
    assert.equal(all.json.accounts[0].uuid, store.account.uuid, 'newest first');
    const megiahs = await cli('account', 'list', '--role', 'megiah', '--per-page', '100');
    assert.ok(megiahs.json.accounts.every((account: { role: string }) => account.role === 'megiah'));
    assert.ok(megiahs.json.accounts.some((account: { uuid: string }) => account.uuid === megiah.uuid));
    const found = await cli('account', 'list', '--search', 'listed levi');
    assert.deepEqual(found.json.accounts.map((account: { uuid: string }) => account.uuid), [megiah.uuid]);
    const second = await cli('account', 'list', '--per-page', '1', '--page', '2');
    assert.equal(second.json.accounts.length, 1);
    assert.equal(second.json.total, all.json.total);
    assert.notEqual(second.json.accounts[0].uuid, store.account.uuid);
    assert.match((await cli('account', 'list', '--role', 'king')).stderr, /role must be one of/);
    assert.match((await cli('account', 'list', '--page', '0')).stderr, /--page must be a whole number/);
  });
});

describe('scroll show without PUBLIC_BASE_URL', () => {
  test('the QR URL is built on HOST and PORT, and says so', async () => {
    const store = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, store.account);
    const shown = await cliText(['scroll', 'show', '--uuid', scroll.uuid], { PUBLIC_BASE_URL: '', PORT: '8123', HOST: '127.0.0.1' });
    assert.equal(shown.code, 0, shown.stderr);
    const record = JSON.parse(shown.stdout);
    assert.equal(record.qr_url, `http://127.0.0.1:8123/q/${scroll.qrCode}`);
    assert.match(record.qr_url_note, /PUBLIC_BASE_URL is not set: the QR URL assumes the server at http:\/\/127\.0\.0\.1:8123/);
    const configured = await cli('scroll', 'show', '--uuid', scroll.uuid);
    assert.equal(configured.json.qr_url_note, undefined);
  });
});
