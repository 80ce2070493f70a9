// The API's free-text fields on the way in (issue 50, finding 6): a control,
// a bidi override, an unpaired surrogate or a noncharacter is 400
// invalid_request naming the field, before anything is analysed, stored or
// spent; Hebrew with its direction marks and a multi-line note are kept.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { scrollPhoto } from '../support/photos.ts';
import { register, sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
let people: { sofer: string; megiah: string };

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { agent: true, credits: 5 });
  people = { sofer: (await makeSofer(t.deps)).uuid, megiah: (await makeMegiah(t.deps)).uuid };
});
after(() => t.close());

/** Values a multipart form can carry (UTF-8 cannot carry an unpaired surrogate): [what, value, the character named]. */
const hostile: readonly [string, string, string][] = [
  ['the issue\'s size', '\u202E10cm\u0001x', 'U+202E'],
  ['NUL', '10\u0000cm', 'U+0000'],
  ['a C0 control', '10cm\u0001x', 'U+0001'],
  ['DEL', '10\u007Fcm', 'U+007F'],
  ['a C1 control (NEL)', '10\u0085cm', 'U+0085'],
  ['a right-to-left embedding', '\u202B10cm', 'U+202B'],
  ['a first-strong isolate', '\u206810cm', 'U+2068'],
  ['U+FFFF', '10cm\uFFFF', 'U+FFFF'],
  ['a noncharacter beyond the BMP', '10cm\u{10FFFF}', 'U+10FFFF'],
];

/** JSON carries an unpaired surrogate as an escape, so sell-mezuzah meets it too. */
const hostileJson: readonly [string, string, string][] = [...hostile, ['an unpaired surrogate', 'x\uD83Dy', 'U+D83D']];

function assertRefused(res: { statusCode: number; json(): any }, field: string, codePoint: string): void {
  assert.equal(res.statusCode, 400);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['msg', 'status']);
  assert.equal(body.status, 'invalid_request');
  assert.ok(body.msg.startsWith(`${field} must `), body.msg);
  assert.ok(body.msg.includes(`(found ${codePoint})`), body.msg);
}

describe('register-mezuzah', () => {
  for (const field of ['font', 'size', 'note'] as const) {
    test(`400 naming ${field} for each refused character, before the photo is analysed`, async () => {
      const analyzed = t.engine.analyzed;
      for (const [, value, codePoint] of hostile) {
        assertRefused(await register(t.app, store.key, { photo: await scrollPhoto(), ...people, [field]: value }), field, codePoint);
      }
      assert.equal(t.engine.analyzed, analyzed);
      assert.equal((await storeGet(t.app, store.key, '/api/v1/store/inventory')).json().total, 0);
    });
  }

  test('font and size are one line: a line feed or a tab is refused', async () => {
    for (const field of ['font', 'size'] as const) {
      assertRefused(await register(t.app, store.key, { photo: await scrollPhoto(), ...people, [field]: 'Beit\nYosef' }), field, 'U+000A');
      assertRefused(await register(t.app, store.key, { photo: await scrollPhoto(), ...people, [field]: 'Beit\tYosef' }), field, 'U+0009');
    }
  });

  test('200 for Hebrew with its direction marks and a multi-line note, kept as written; CR LF stored as LF', async () => {
    const font = 'בית יוסף\u200F (Beit Yosef)';
    const size = '\u200E12 ס״מ';
    const res = await register(t.app, store.key, {
      photo: await scrollPhoto(),
      ...people,
      font,
      size,
      note: 'נבדקה פעמיים.\r\nSecond line\r\n\tindented',
    });
    assert.equal(res.statusCode, 200, res.body);
    const record = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${res.json().uuid}`)).json();
    assert.equal(record.font, font);
    assert.equal(record.size, size);
    assert.equal(record.note, 'נבדקה פעמיים.\nSecond line\n\tindented');
  });
});

describe('sell-mezuzah', () => {
  const newBuyer = { username: 'Dan Levi', email: 'dan@example.test', country: 'Israel', city: 'Haifa' };
  const fields = ['note', 'buyer.username', 'buyer.email', 'buyer.country', 'buyer.city'] as const;

  function bodyWith(field: (typeof fields)[number], value: string): Record<string, unknown> {
    if (field === 'note') return { buyer: newBuyer, note: value };
    const name = field.slice('buyer.'.length);
    // An email keeps its shape around the character, so the character is what is refused.
    return { buyer: { ...newBuyer, [name]: name === 'email' ? `d${value}@example.test` : value }, note: '' };
  }

  for (const field of fields) {
    test(`400 naming ${field} for each refused character: nothing sold, no buyer made, no credit spent`, async () => {
      const scroll = await makeScroll(t.deps, store.account, people);
      const credits = (await storeGet(t.app, store.key, '/api/v1/store/credits')).json().credits;
      for (const [, value, codePoint] of hostileJson) assertRefused(await sell(t.app, store.key, scroll.uuid, bodyWith(field, value)), field, codePoint);
      assert.equal((await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).statusCode, 200);
      assert.equal((await storeGet(t.app, store.key, '/api/v1/store/credits')).json().credits, credits);
      assert.equal(await t.db.accounts.findByEmail(newBuyer.email), undefined);
    });
  }

  test('a buyer\'s username, country and city are one line', async () => {
    const scroll = await makeScroll(t.deps, store.account, people);
    for (const name of ['username', 'country', 'city']) {
      assertRefused(await sell(t.app, store.key, scroll.uuid, { buyer: { ...newBuyer, [name]: 'Tel\nAviv' }, note: '' }), `buyer.${name}`, 'U+000A');
    }
  });

  test('200 for a Hebrew buyer with a direction mark and a multi-line note, CR LF stored as LF', async () => {
    const scroll = await makeScroll(t.deps, store.account, people);
    const res = await sell(t.app, store.key, scroll.uuid, {
      buyer: { username: 'דוד לוי\u200F (David)', email: 'david@example.test', country: 'ישראל', city: 'חיפה' },
      note: 'שולם במזומן\r\nPaid in cash',
    });
    assert.equal(res.statusCode, 200, res.body);
    const buyer = await t.db.accounts.findByUuid(res.json().to_uuid);
    assert.equal(buyer?.username, 'דוד לוי\u200F (David)');
    assert.equal(buyer?.city, 'חיפה');
    const sale = (await storeGet(t.app, store.key, '/api/v1/store/sales-history')).json().sales.find((item: any) => item.mezuzah_uuid === scroll.uuid);
    assert.equal(sale?.note, 'שולם במזומן\nPaid in cash');
  });

  test('to an existing buyer, only the note is free text', async () => {
    const scroll = await makeScroll(t.deps, store.account, people);
    const buyer = await makeBuyer(t.deps);
    assertRefused(await sell(t.app, store.key, scroll.uuid, { to_uuid: buyer.uuid, note: 'paid\u202E' }), 'note', 'U+202E');
  });
});
