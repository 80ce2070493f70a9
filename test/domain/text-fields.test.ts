// Free text on the way in: which characters requireText refuses (naming the
// field and the character) and which it keeps, and that every use case that
// stores a client's text (the API, the portal's forms and the CLI all call
// these) applies it. The API's own fields are tested in test/api/text-fields.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createAccount } from '../../src/domain/create-account.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { createApiKey } from '../../src/domain/manage-api-keys.ts';
import { requireText } from '../../src/domain/text-fields.ts';
import { makeAccount } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Refused in every field, one line or many: [what, value, the character the message names]. */
const alwaysRefused: readonly [string, string, string][] = [
  ['NUL', 'a\u0000b', 'U+0000'],
  ['a C0 control', '10cm\u0001x', 'U+0001'],
  ['an ANSI escape', '\u001B[31mred', 'U+001B'],
  ['vertical tab', 'a\u000Bb', 'U+000B'],
  ['DEL', 'a\u007Fb', 'U+007F'],
  ['a C1 control (NEL)', 'a\u0085b', 'U+0085'],
  ['right-to-left override, as in the issue', '\u202E10cm\u0001x', 'U+202E'],
  ['left-to-right embedding', 'a\u202Ab', 'U+202A'],
  ['pop directional formatting', 'a\u202Cb', 'U+202C'],
  ['left-to-right isolate', 'a\u2066b', 'U+2066'],
  ['pop directional isolate', 'a\u2069b', 'U+2069'],
  ['an unpaired high surrogate', 'a\uD800b', 'U+D800'],
  ['an unpaired low surrogate', 'a\uDC00b', 'U+DC00'],
  ['U+FFFF', 'a\uFFFFb', 'U+FFFF'],
  ['U+FFFE', 'a\uFFFEb', 'U+FFFE'],
  ['U+FDD0', 'a\uFDD0b', 'U+FDD0'],
  ['a noncharacter beyond the BMP', 'a\u{1FFFF}b', 'U+1FFFF'],
];

/** Refused where one line is expected, kept (or made a line feed) in a note. */
const lineBreaks: readonly [string, string, string][] = [
  ['a line feed', 'a\nb', 'U+000A'],
  ['a carriage return', 'a\rb', 'U+000D'],
  ['a tab', 'a\tb', 'U+0009'],
  ['a line separator', 'a\u2028b', 'U+2028'],
  ['a paragraph separator', 'a\u2029b', 'U+2029'],
];

/** Text people write, kept exactly. */
const kept: readonly [string, string][] = [
  ['Hebrew with RLM and LRM', 'בית יוסף\u200F (Beit Yosef)\u200E 12 ס״מ'],
  ['the Arabic letter mark', 'a\u061Cb'],
  ['niqqud and cantillation', 'שְׁמַע יִשְׂרָאֵל֑'],
  ['zero-width joiner and non-joiner', 'a\u200Cb\u200Dc'],
  ['an emoji (a surrogate pair)', 'scroll \u{1F4DC}'],
  ['no-break spaces', '12\u00A0cm\u202Fx'],
  ['the replacement character', 'a\uFFFDb'],
  ['markup characters (escaped on the way out, not refused)', `<b>"Tom's" & co</b>`],
];

describe('requireText', () => {
  for (const [what, value, codePoint] of alwaysRefused) {
    test(`refuses ${what}, naming the field and the character, in one line or many`, () => {
      for (const multiLine of [false, true]) {
        const outcome = requireText(value, 'size', { max: 100, multiLine });
        assert.equal(outcome.ok, false, `multiLine ${multiLine}`);
        if (outcome.ok) return;
        assert.equal(outcome.code, 'invalid_request');
        assert.match(outcome.msg, /^size must /);
        assert.ok(outcome.msg.includes(`(found ${codePoint})`), outcome.msg);
      }
    });
  }

  for (const [what, value, codePoint] of lineBreaks) {
    test(`refuses ${what} inside a one-line field`, () => {
      const outcome = requireText(value, 'buyer.city', { max: 100 });
      assert.equal(outcome.ok, false);
      if (outcome.ok) return;
      assert.equal(outcome.msg, `buyer.city must be one line, without line breaks or tabs (found ${codePoint}).`);
    });
  }

  test('a note keeps line feeds and tabs, and stores every other line ending as a line feed', () => {
    const outcome = requireText('\r\nfirst\r\nsecond\rthird\u2028fourth\u2029\tfifth\n\n', 'note', { max: 2000, multiLine: true });
    assert.deepEqual(outcome, { ok: true, value: 'first\nsecond\nthird\nfourth\n\tfifth' });
  });

  test('a one-line field still drops surrounding whitespace, line feeds included', () => {
    assert.deepEqual(requireText('  Beit Yosef\n', 'font', { max: 100 }), { ok: true, value: 'Beit Yosef' });
  });

  for (const [what, value] of kept) {
    test(`keeps ${what}`, () => {
      assert.deepEqual(requireText(value, 'font', { max: 100 }), { ok: true, value });
      assert.deepEqual(requireText(value, 'note', { max: 100, multiLine: true }), { ok: true, value });
    });
  }
});

describe('every use case that stores client text refuses them', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const hostile = '\u202E10cm\u0001x';

  test('createAccount (the portal\'s new-account form, the CLI\'s account create): each text field by its name', async () => {
    const base = { role: 'megiah', username: 'Yosef Cohen', email: 'yosef@example.test' };
    const fields: readonly [string, Record<string, string>][] = [
      ['username', { username: hostile }],
      ['email', { email: `y${hostile}@example.test` }],
      ['country', { country: hostile }],
      ['state', { state: hostile }],
      ['city', { city: hostile }],
      ['megiah-type', { megiahType: hostile }],
      ['company', { company: hostile }],
    ];
    for (const [name, input] of fields) {
      const outcome = await createAccount(t.deps, { ...base, ...input });
      assert.equal(outcome.ok, false, name);
      if (outcome.ok) continue;
      assert.equal(outcome.msg, `${name} must not contain bidirectional embedding, override or isolate controls (found U+202E); the marks LRM and RLM are allowed.`);
    }
    assert.equal(await t.db.accounts.findByEmail('yosef@example.test'), undefined);
  });

  test('a username is one line (the rule a new buyer\'s username shares: domain/accounts.ts)', async () => {
    const outcome = await createAccount(t.deps, { role: 'user', username: 'a\tb', email: 'ab@example.test' });
    assert.deepEqual(outcome, { ok: false, code: 'invalid_request', msg: 'username must be one line, without line breaks or tabs (found U+0009).' });
  });

  test('grantCredits\' reason (the portal\'s grant form, the CLI\'s credits grant)', async () => {
    const store = await makeAccount(t.deps, { role: 'store' });
    const outcome = await grantCredits(t.deps, store.uuid, 5, { note: 'Paid\u0000' });
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.equal(outcome.msg, 'reason must not contain control characters (found U+0000).');
    assert.equal(await t.db.credits.balanceOf(store.id), 0);
  });

  test('createApiKey\'s label (the portal\'s API keys page)', async () => {
    const store = await makeAccount(t.deps, { role: 'store' });
    const outcome = await createApiKey(t.deps, store.uuid, 'till\u2066 2');
    assert.equal(outcome.ok, false);
    if (!outcome.ok) assert.match(outcome.msg, /^label must not contain bidirectional .* \(found U\+2066\)/);
    assert.deepEqual(await t.db.apiKeys.listByAccount(store.id), []);
  });
});
