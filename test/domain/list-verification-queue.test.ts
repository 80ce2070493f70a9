// The megiah's queue (issue 53): scrolls whose computer text check found
// something come first, newest first, then the rest, newest first; each with
// its text check as far as it has run. Paged, the order holds across pages.
// SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { listVerificationQueue } from '../../src/domain/list-verification-queue.ts';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { makeAccount, makeMegiah, makeScroll, makeStore } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('flagged scrolls first, each group newest first, with their checks; an admin sees every megiah\'s so', async () => {
  const store = await makeStore(t.deps);
  const megiah = await makeMegiah(t.deps);
  const other = await makeMegiah(t.deps);
  const scroll = async (photo: Promise<Uint8Array>, who = megiah) => (await makeScroll(t.deps, store.account, { megiah: who.uuid, photo: await photo })).uuid;
  // In order of registration: a clean one, a flagged one, a clean one, a flagged one, then one of another megiah's, flagged.
  const clean1 = await scroll(textPhoto());
  const flagged1 = await scroll(textPhoto([[4, 2]]));
  const clean2 = await scroll(textPhoto());
  const flagged2 = await scroll(textPhoto([[1, 1], [7, 5]]));
  const othersFlagged = await scroll(textPhoto([[0, 0]]), other);
  await runPendingTextChecks(t.deps);
  // Registered after the checks ran: pending, so not (yet) flagged.
  const pending = await scroll(textPhoto([[3, 3]]));

  const queue = await listVerificationQueue(t.deps, megiah, { offset: 0, limit: 20 });
  assert.ok(queue.ok);
  assert.equal(queue.value.total, 5);
  assert.deepEqual(
    queue.value.items.map(({ scroll, textCheck }) => [scroll.uuid, textCheck?.state, textCheck?.state === 'done' ? textCheck.findings.length : null]),
    [
      [flagged2, 'done', 2],
      [flagged1, 'done', 1],
      [pending, 'pending', null],
      [clean2, 'done', 0],
      [clean1, 'done', 0],
    ],
  );

  // The order holds across pages.
  const pages = [];
  for (let offset = 0; offset < 5; offset += 2) {
    const page = await listVerificationQueue(t.deps, megiah, { offset, limit: 2 });
    assert.ok(page.ok);
    pages.push(...page.value.items.map(({ scroll }) => scroll.uuid));
  }
  assert.deepEqual(pages, [flagged2, flagged1, pending, clean2, clean1]);

  const admin = await makeAccount(t.deps, { role: 'admin' });
  const all = await listVerificationQueue(t.deps, admin, { offset: 0, limit: 20 });
  assert.ok(all.ok);
  const uuids = all.value.items.map(({ scroll }) => scroll.uuid);
  assert.deepEqual(uuids.slice(0, 3), [othersFlagged, flagged2, flagged1]);
});

test('a store may not list a queue', async () => {
  const store = await makeStore(t.deps);
  const refused = await listVerificationQueue(t.deps, store.account, { offset: 0, limit: 20 });
  assert.deepEqual(refused.ok ? null : refused.code, 'forbidden');
});
