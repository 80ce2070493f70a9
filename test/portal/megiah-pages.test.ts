import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeSofer, makeStore, type TestScroll, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
let megiah: Account;
let otherMegiah: Account;
let mine: TestScroll;
let mineVerified: TestScroll;
let theirs: TestScroll;
let browser: PortalBrowser;

before(async () => {
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 10 });
  megiah = await makeMegiah(t.deps, { username: 'Rav Levi' });
  otherMegiah = await makeMegiah(t.deps, { username: 'Rav Other' });
  const sofer = await makeSofer(t.deps, { username: 'Sofer <b>Bold</b>' });
  mine = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, sofer: sofer.uuid, font: 'Ari', size: '15 cm', writtendate: '2024-03-04', examinateddate: '2024-05-06' });
  mineVerified = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, verified: true });
  theirs = await makeScroll(t.deps, store.account, { megiah: otherMegiah.uuid });
  browser = await signedInBrowser(t.app, t.deps, megiah);
});
after(() => t.close());

const scan = (code: string) => t.app.inject({ method: 'GET', url: `/q/${code}` });

describe('GET /megiah', () => {
  test('lists only the scrolls naming this megiah that still await confirmation, with their facts', async () => {
    const page = await browser.get('/megiah');
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.ok(page.body.includes(mine.uuid), 'own awaiting scroll listed');
    assert.ok(!page.body.includes(mineVerified.uuid), 'own verified scroll not listed');
    assert.ok(!page.body.includes(theirs.uuid), "another megiah's scroll not listed");
    for (const text of ['Ari', '15 cm', '2024-03-04', '2024-05-06', '2025-03-01 10:00 UTC', 'Confirm examination']) {
      assert.ok(page.body.includes(text), `missing ${text}`);
    }
    assert.ok(page.body.includes(`src="/static/previews/${mine.uuid}.jpg"`), 'preview thumbnail');
    assert.equal((await t.app.inject({ method: 'GET', url: `/static/previews/${mine.uuid}.jpg` })).statusCode, 200);
    assert.ok(page.body.includes(`action="/megiah/scrolls/${mine.uuid}/verify"`));
    // Data from the database is escaped.
    assert.ok(page.body.includes('Sofer &lt;b&gt;Bold&lt;/b&gt;'));
    assert.ok(!page.body.includes('<b>Bold</b>'));
  });

  test('in Hebrew, right to left', async () => {
    const page = await browser.get('/megiah', { 'accept-language': 'he' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="he" dir="rtl">/);
    assert.ok(page.body.includes('אישור הבדיקה'));
  });

  test('an empty queue says so', async () => {
    const idle = await makeMegiah(t.deps);
    const page = await (await signedInBrowser(t.app, t.deps, idle)).get('/megiah');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('Nothing awaits your confirmation.'));
  });

  test('a bad page number is 400', async () => {
    assert.equal((await browser.get('/megiah?page=-1')).statusCode, 400);
  });
});

describe('POST /megiah/scrolls/{uuid}/verify', () => {
  test("confirming one's own scroll verifies it, and its QR page starts to answer", async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    assert.equal((await scan(scroll.qrCode)).statusCode, 404);
    await browser.get('/megiah');
    const confirmed = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { page: '0' });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, '/megiah');
    const after = await browser.get('/megiah');
    assert.ok(after.body.includes('Examination confirmed.'), 'flash');
    assert.ok(!after.body.includes(scroll.uuid), 'no longer listed');
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.verifiedById, megiah.id);
    assert.equal((await scan(scroll.qrCode)).statusCode, 200);

    // Again: already confirmed, harmless.
    await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`);
    assert.ok((await browser.get('/megiah')).body.includes('already been confirmed'));
  });

  test("another megiah's scroll: an error message, and it stays unverified", async () => {
    await browser.get('/megiah');
    const refused = await browser.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(refused.statusCode, 303);
    const page = await browser.get('/megiah');
    assert.match(page.body, /class="notice error"[^>]*>[^<]*another megiah/);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
    assert.equal((await scan(theirs.qrCode)).statusCode, 404);
  });

  test('an unknown scroll: an error message', async () => {
    await browser.get('/megiah');
    await browser.post('/megiah/scrolls/no-such-scroll/verify');
    assert.ok((await browser.get('/megiah')).body.includes('No such scroll.'));
  });

  test('the page it came from is kept', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    const confirmed = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { page: '2' });
    assert.equal(confirmed.headers.location, '/megiah?page=2');
    const odd = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    assert.equal((await browser.post(`/megiah/scrolls/${odd.uuid}/verify`, { page: '//evil.test' })).headers.location, '/megiah');
  });

  test('without the CSRF token: 403, and nothing changes', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    const refused = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { _csrf: '' });
    assert.equal(refused.statusCode, 403);
    const forged = await browser.post(`/megiah/scrolls/${scroll.uuid}/verify`, { _csrf: 'forged' });
    assert.equal(forged.statusCode, 403);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
  });
});

describe('POST /megiah/scrolls/{uuid}/reject', () => {
  test('rejecting with a reason and a note: flash, out of the queue, QR page still 404, the store sees both on the scroll page and in the inventory', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    const page = await browser.get('/megiah');
    assert.ok(page.body.includes(`action="/megiah/scrolls/${scroll.uuid}/reject"`));
    assert.ok(page.body.includes('<option value="invalid_letter_form">Invalid letter form (touching, broken)</option>'));
    const rejected = await browser.post(`/megiah/scrolls/${scroll.uuid}/reject`, { reason: 'invalid_letter_form', note: 'Shin in line 3 <touches>.\nSend it back.', page: '0' });
    assert.equal(rejected.statusCode, 303);
    assert.equal(rejected.headers.location, '/megiah');
    const after = await browser.get('/megiah');
    assert.ok(after.body.includes('Rejected. The store sees your reason'), 'flash');
    assert.ok(!after.body.includes(scroll.uuid), 'no longer listed');
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.rejection?.reason, 'invalid_letter_form');
    assert.equal(stored?.rejection?.note, 'Shin in line 3 <touches>.\nSend it back.');
    assert.equal((await scan(scroll.qrCode)).statusCode, 404);

    const shop = await signedInBrowser(t.app, t.deps, store.account);
    for (const lang of ['en', 'he']) {
      const scrollPage = await shop.get(`/store/scrolls/${scroll.uuid}`, { 'accept-language': lang });
      assert.equal(scrollPage.statusCode, 200);
      const expected = lang === 'en'
        ? ['The megiah rejected this scroll', 'Invalid letter form (touching, broken)', 'Rejected by the megiah', 'Rav Levi']
        : ['המגיה דחה מזוזה זו', 'צורת אות פסולה (נוגעת, שבורה)', 'נדחתה על ידי המגיה', 'Rav Levi'];
      for (const text of expected) assert.ok(scrollPage.body.includes(text), `${lang}: missing ${text}`);
      assert.ok(scrollPage.body.includes('Shin in line 3 &lt;touches&gt;.\nSend it back.'), 'the note, escaped');
      assert.ok(!scrollPage.body.includes('The megiah has not yet confirmed'), 'not the awaiting notice');
    }
    const inventory = await shop.get('/store/inventory');
    assert.match(inventory.body, new RegExp(`${scroll.qrCode}[\\s\\S]*?class="status bad"[^>]*>Rejected by the megiah`));
  });

  test('a refused reason or note shows the queue again with the error and what was typed', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    const refused = await browser.post(`/megiah/scrolls/${scroll.uuid}/reject`, { reason: 'other', note: '' });
    assert.equal(refused.statusCode, 400);
    assert.ok(refused.body.includes('note is required when reason is other.'));
    assert.match(refused.body, new RegExp(`<details class="reject" open>[\\s\\S]*?action="/megiah/scrolls/${scroll.uuid}/reject"`));
    assert.ok(refused.body.includes('<option value="other" selected>'));
    const typed = await browser.post(`/megiah/scrolls/${scroll.uuid}/reject`, { reason: 'nonsense', note: 'kept <here>' });
    assert.equal(typed.statusCode, 400);
    assert.ok(typed.body.includes('reason must be one of'));
    assert.ok(typed.body.includes('>kept &lt;here&gt;</textarea>'));
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
  });

  test("a verified scroll, another megiah's, an unknown one: refused with a message", async () => {
    await browser.get('/megiah');
    await browser.post(`/megiah/scrolls/${mineVerified.uuid}/reject`, { reason: 'parchment_or_ink' });
    assert.ok((await browser.get('/megiah')).body.includes('a confirmation cannot be rejected'));
    await browser.post(`/megiah/scrolls/${theirs.uuid}/reject`, { reason: 'parchment_or_ink' });
    assert.ok((await browser.get('/megiah')).body.includes('only that megiah can reject it'));
    await browser.post('/megiah/scrolls/no-such-scroll/reject', { reason: 'parchment_or_ink' });
    assert.ok((await browser.get('/megiah')).body.includes('No such scroll.'));
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.rejection, null);
    assert.equal((await t.db.scrolls.findByUuid(mineVerified.uuid))?.isVerified, true);
  });

  test('without the CSRF token: 403, and nothing changes', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    assert.equal((await browser.post(`/megiah/scrolls/${scroll.uuid}/reject`, { reason: 'parchment_or_ink', _csrf: 'forged' })).statusCode, 403);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
  });
});

describe('POST /megiah/scrolls/verify (several at once)', () => {
  test('the queue offers a checkbox per scroll bound to one form; the ticked ones are confirmed, the others stay', async () => {
    const own = await makeMegiah(t.deps, { username: 'Rav Bulk' });
    const session = await signedInBrowser(t.app, t.deps, own);
    const [a, b, c] = [
      await makeScroll(t.deps, store.account, { megiah: own.uuid }),
      await makeScroll(t.deps, store.account, { megiah: own.uuid }),
      await makeScroll(t.deps, store.account, { megiah: own.uuid }),
    ];
    const page = await session.get('/megiah');
    assert.ok(page.body.includes('<form id="confirm-chosen" method="post" action="/megiah/scrolls/verify"'));
    for (const scroll of [a, b, c]) assert.match(page.body, new RegExp(`<input type="checkbox" form="confirm-chosen" name="scroll-\\d" value="${scroll.uuid}">`));
    const confirmed = await session.post('/megiah/scrolls/verify', { 'scroll-0': a.uuid, 'scroll-2': c.uuid, page: '0' });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, '/megiah');
    const after = await session.get('/megiah');
    assert.ok(after.body.includes('The chosen scrolls are confirmed'));
    assert.deepEqual(
      await Promise.all([a, b, c].map(async (s) => (await t.db.scrolls.findByUuid(s.uuid))?.isVerified)),
      [true, false, true],
    );
    assert.equal((await scan(a.qrCode)).statusCode, 200);
    assert.equal((await scan(c.qrCode)).statusCode, 200);
  });

  test('nothing ticked: a message; one scroll of another megiah among them: nothing is confirmed', async () => {
    const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
    await browser.get('/megiah');
    await browser.post('/megiah/scrolls/verify', {});
    assert.ok((await browser.get('/megiah')).body.includes('Choose at least one scroll to confirm.'));
    await browser.post('/megiah/scrolls/verify', { 'scroll-0': scroll.uuid, 'scroll-1': theirs.uuid });
    assert.ok((await browser.get('/megiah')).body.includes('Nothing was confirmed'));
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, false);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
  });
});

describe('GET /megiah/history', () => {
  test("this megiah's decisions, newest first, paginated, and a standing rejection can be confirmed from there", async () => {
    // The clock first: a session ends after 12 idle hours of the test clock.
    t.clock.set('2025-08-01T09:00:00Z');
    const own = await makeMegiah(t.deps, { username: 'Rav History' });
    const session = await signedInBrowser(t.app, t.deps, own);
    const first = await makeScroll(t.deps, store.account, { megiah: own.uuid });
    const second = await makeScroll(t.deps, store.account, { megiah: own.uuid });
    await session.get('/megiah');
    t.clock.set('2025-08-01T10:00:00Z');
    await session.post(`/megiah/scrolls/${first.uuid}/verify`);
    t.clock.set('2025-08-01T11:30:00Z');
    await session.post(`/megiah/scrolls/${second.uuid}/reject`, { reason: 'parchment_or_ink', note: 'Faded ink in line 9' });

    const history = await session.get('/megiah/history');
    assert.equal(history.statusCode, 200);
    const rejectedAt = history.body.indexOf(second.qrCode);
    const confirmedAt = history.body.indexOf(first.qrCode);
    assert.ok(rejectedAt > 0 && confirmedAt > rejectedAt, 'newest first');
    for (const text of ['2025-08-01 11:30 UTC', 'Damaged parchment or ink', 'Faded ink in line 9', 'Confirmed', 'Verified']) {
      assert.ok(history.body.includes(text), `missing ${text}`);
    }
    assert.ok(!history.body.includes(mine.qrCode), "another megiah's decisions are not listed");
    assert.ok(history.body.includes(`action="/megiah/scrolls/${second.uuid}/verify"`), 'a standing rejection offers a confirmation');
    assert.ok(!history.body.includes(`action="/megiah/scrolls/${first.uuid}/verify"`));
    assert.ok((await session.get('/megiah/history', { 'accept-language': 'he' })).body.includes('פגם בקלף או בדיו'));

    const confirmed = await session.post(`/megiah/scrolls/${second.uuid}/verify`, { from: 'history', page: '0' });
    assert.equal(confirmed.headers.location, '/megiah/history');
    const after = await session.get('/megiah/history');
    assert.ok(after.body.includes('Examination confirmed.'));
    assert.ok(!after.body.includes(`action="/megiah/scrolls/${second.uuid}/verify"`));
    assert.equal((await scan(second.qrCode)).statusCode, 200);

    for (let i = 0; i < 21; i++) {
      const more = await makeScroll(t.deps, store.account, { megiah: own.uuid });
      // Through the use case, as the pages' form would: within the pages' rate limit for writes.
      assert.ok((await verifyScroll(t.deps, more.uuid, { account: own })).ok);
    }
    const paged = await session.get('/megiah/history');
    assert.ok(paged.body.includes('Page <bdi>1</bdi> of <bdi>2</bdi> · <bdi>24</bdi> in all'));
    assert.ok((await session.get('/megiah/history?page=1')).body.includes(first.qrCode), 'the oldest on the second page');
    assert.equal((await session.get('/megiah/history?page=x')).statusCode, 400);
  });

  test('a megiah without decisions is told so; other roles cannot see it', async () => {
    const idle = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
    assert.ok((await idle.get('/megiah/history')).body.includes('You have not confirmed or rejected any scroll yet.'));
    const shop = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await shop.get('/megiah/history')).statusCode, 403);
  });
});

describe('who may', () => {
  test('a visitor is sent to sign in', async () => {
    const visitor = portalBrowser(t.app);
    const page = await visitor.get('/megiah');
    assert.equal(page.statusCode, 303);
    assert.equal(page.headers.location, '/sign-in?next=%2Fmegiah');
    await visitor.get('/sign-in');
    const post = await visitor.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(post.statusCode, 303);
    assert.match(String(post.headers.location), /^\/sign-in/);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
  });

  test('a store gets 403, and cannot confirm', async () => {
    const shop = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await shop.get('/megiah')).statusCode, 403);
    const post = await shop.post(`/megiah/scrolls/${theirs.uuid}/verify`);
    assert.equal(post.statusCode, 403);
    assert.equal((await t.db.scrolls.findByUuid(theirs.uuid))?.isVerified, false);
  });
});
