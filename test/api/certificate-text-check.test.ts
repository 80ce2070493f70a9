// The certificate states the registration photo's computer text check
// (issue 53) as the stored check stands: a certificate issued while the check
// is pending says so and is reissued when the check has run (its old links
// lead to the new files), as after a megiah's decision. SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { makeMegiah, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 3 });
});
after(() => t.close());

/** The English of a certificate's PDF, in reading order, one space between words. */
async function englishOf(url: string): Promise<string> {
  const file = await t.app.inject({ method: 'GET', url: `/${url}` });
  assert.equal(file.statusCode, 200);
  const { pages } = await readPdfText(new Uint8Array(file.rawPayload));
  const items = pages[0].items.filter((i) => i.dir === 'ltr' && i.x < pages[0].width / 2);
  return items.sort((a, b) => b.y - a.y || a.x - b.x).map((i) => i.str).join(' ').replace(/\s+/g, ' ');
}

const certificateOf = async (uuid: string) => (await storeGet(t.app, store.key, `/api/v1/store/mezuzah-certificate/${uuid}`)).json();

test('issued while the check is pending it says so, and the check reissues it once run: all 713 letters read', async () => {
  const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
  const pending = await certificateOf(scroll.uuid);
  assert.ok((await englishOf(pending.pdf_url)).includes('Computer text check: not completed yet'));

  t.clock.advance(60_000);
  assert.deepEqual(await runPendingTextChecks(t.deps), { done: 1, failed: 0, busy: false });
  const current = await certificateOf(scroll.uuid);
  assert.notEqual(current.pdf_url, pending.pdf_url, 'reissued by the check, before anyone asked');
  const english = await englishOf(current.pdf_url);
  assert.ok(english.includes('Computer text check: all 713 letters read, no missing, extra or wrong letters found (checked on 2025-03-01). An aid to the megiah, not a ruling.'), english);
  // A link sent before leads to the current certificate.
  const old = await t.app.inject({ method: 'GET', url: `/${pending.pdf_url}` });
  assert.equal(old.statusCode, 302);
});

test('a check with findings, then the megiah confirms: how many places, and that the megiah confirmed after the check', async () => {
  const megiah = await makeMegiah(t.deps);
  const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto([[0, 0], [3, 6]]) });
  await runPendingTextChecks(t.deps);
  const awaiting = await englishOf((await certificateOf(scroll.uuid)).pdf_url);
  assert.ok(awaiting.includes('Computer text check: all 713 letters read; 2 places flagged for the megiah; awaiting the megiah’s review (checked on 2025-03-01).'), awaiting);

  t.clock.advance(3600_000);
  assert.ok((await verifyScroll(t.deps, scroll.uuid, { account: megiah })).ok);
  const verified = await englishOf((await certificateOf(scroll.uuid)).pdf_url);
  assert.ok(verified.includes('2 places flagged for the megiah; the megiah confirmed the examination after the check'), verified);
});

test('a check that could not be made: said, dated', async () => {
  const scroll = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
  await t.deps.files.remove(`private/photos/${scroll.uuid}`);
  await runPendingTextChecks(t.deps);
  const english = await englishOf((await certificateOf(scroll.uuid)).pdf_url);
  assert.ok(english.includes('Computer text check: could not be made from the registration photo (2025-03-01).'), english);
});
