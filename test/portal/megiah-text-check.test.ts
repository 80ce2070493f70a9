// The megiah and the computer text check (issue 53): the queue puts scrolls
// whose check found something first, with the check in a word; the review
// page of a scroll shows each place the check points at enlarged, before the
// confirm and reject forms; the enlarged places come from a route only the
// megiah the scroll names may open.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Account } from '../../src/db/records.ts';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { FINDING_CROP_LONG_SIDE } from '../../src/pictures/finding-pictures.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeStore, type TestScroll, type TestStore } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
let megiah: Account;
let otherMegiah: Account;
let clean: TestScroll;
let flagged: TestScroll;
let verified: TestScroll;
let browser: PortalBrowser;

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  store = await makeStore(t.deps, { credits: 10 });
  megiah = await makeMegiah(t.deps);
  otherMegiah = await makeMegiah(t.deps);
  // The flagged one is registered first: it still comes first.
  flagged = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto([[2, 4], [9, 10]], { width: 512, height: 512 }) });
  clean = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto() });
  verified = await makeScroll(t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto([[1, 1]]), verified: true });
  await runPendingTextChecks(t.deps);
  browser = await signedInBrowser(t.app, t.deps, megiah);
});
after(() => t.close());

const review = (uuid: string) => `/megiah/scrolls/${uuid}`;
const crop = (uuid: string, n: number) => `/megiah/scrolls/${uuid}/text-check/${n}.jpg`;

describe('GET /megiah', () => {
  test('the flagged scroll first, its check in a word, each scroll linking to its review', async () => {
    const page = await browser.get('/megiah');
    assert.equal(page.statusCode, 200);
    const cards = [...page.body.matchAll(/<li class="card" id="scroll-([0-9a-f-]+)">([\s\S]*?)<\/li>/g)];
    assert.deepEqual(cards.map((m) => m[1]), [flagged.uuid, clean.uuid]);
    assert.ok(cards[0][2].includes('status warn">2 places to look at'));
    assert.ok(cards[1][2].includes('status ok">No errors found'));
    for (const [, uuid, card] of cards) assert.ok(card.includes(`href="${review(uuid)}"`));
    assert.ok(page.body.includes('computer text check points at places to look at come first'));
  });
});

describe('GET /megiah/scrolls/{uuid}', () => {
  test('each place the check points at, enlarged, with what was expected and found, before the decision', async () => {
    const page = await browser.get(review(flagged.uuid));
    assert.equal(page.statusCode, 200);
    const { body } = page;
    assert.ok(body.includes('An aid to the megiah'));
    assert.ok(body.includes('2 places to look at'));
    // Line 3 word 5: touching letters; line 10 word 11: a wrong letter (ד read as ר).
    assert.ok(body.includes('Touching letters') && body.includes('Line <bdi>3</bdi>, word <bdi>5</bdi>, letters <bdi>1</bdi> and <bdi>2</bdi>'));
    assert.ok(body.includes('Wrong letter') && body.includes('Line <bdi>10</bdi>, word <bdi>11</bdi>, letter <bdi>1</bdi>'));
    assert.ok(body.includes('>ד</bdi>') && body.includes('>ר</bdi>'));
    const crops = [...body.matchAll(/<img class="finding-crop" src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(crops, [crop(flagged.uuid, 1), crop(flagged.uuid, 2)]);
    // The places come before the buttons.
    const lastCrop = body.lastIndexOf('finding-crop');
    assert.ok(lastCrop < body.indexOf(`action="/megiah/scrolls/${flagged.uuid}/verify"`));
    assert.ok(lastCrop < body.indexOf(`action="/megiah/scrolls/${flagged.uuid}/reject"`));
    const he = await browser.get(review(flagged.uuid), { 'accept-language': 'he' });
    assert.match(he.body, /<html lang="he" dir="rtl">/);
    for (const words of ['עיון במזוזה', 'בדיקת מחשב', 'אות שגויה', 'אותיות נוגעות', 'אישור הבדיקה']) assert.ok(he.body.includes(words), words);
  });

  test('confirming from the review page goes back to the queue, saying so', async () => {
    const megiahOfOne = await makeMegiah(t.deps);
    const one = await makeScroll(t.deps, store.account, { megiah: megiahOfOne.uuid, photo: await textPhoto([[0, 0]]) });
    await runPendingTextChecks(t.deps);
    const own = await signedInBrowser(t.app, t.deps, megiahOfOne);
    await own.get(review(one.uuid));
    const confirmed = await own.post(`/megiah/scrolls/${one.uuid}/verify`, { page: '0' });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, '/megiah');
    assert.ok((await own.get('/megiah')).body.includes('Examination confirmed.'));
    const after = await own.get(review(one.uuid));
    assert.ok(!after.body.includes(`action="/megiah/scrolls/${one.uuid}/verify"`), 'a verified scroll offers no decision');
    assert.ok(after.body.includes('You confirmed this scroll’s examination'));
  });

  test('another megiah\'s scroll and an unknown one are 404; a store gets 403, a visitor is sent to sign in', async () => {
    const other = await signedInBrowser(t.app, t.deps, otherMegiah);
    assert.equal((await other.get(review(flagged.uuid))).statusCode, 404);
    assert.equal((await browser.get(review('00000000-0000-4000-8000-000000000000'))).statusCode, 404);
    const storeBrowser = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await storeBrowser.get(review(flagged.uuid))).statusCode, 403);
    assert.equal((await portalBrowser(t.app).get(review(flagged.uuid))).statusCode, 303);
  });
});

describe('GET /megiah/scrolls/{uuid}/text-check/{n}.jpg', () => {
  test('the megiah the scroll names gets the place enlarged, a private JPEG', async () => {
    const res = await browser.get(crop(flagged.uuid, 1));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/jpeg');
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const meta = await sharp(res.rawPayload).metadata();
    assert.equal(Math.max(meta.width ?? 0, meta.height ?? 0), FINDING_CROP_LONG_SIDE);
    assert.equal((await browser.get(crop(verified.uuid, 1))).statusCode, 200, 'a decided scroll still names this megiah');
  });

  test('no one else: another megiah (404), a store, even the owner (403), a visitor (sign in)', async () => {
    const other = await signedInBrowser(t.app, t.deps, otherMegiah);
    const byOther = await other.get(crop(flagged.uuid, 1));
    assert.equal(byOther.statusCode, 404);
    assert.match(String(byOther.headers['content-type']), /text\/html/);
    const owner = await signedInBrowser(t.app, t.deps, store.account);
    assert.equal((await owner.get(crop(flagged.uuid, 1))).statusCode, 403);
    const visitor = await portalBrowser(t.app).get(crop(flagged.uuid, 1));
    assert.equal(visitor.statusCode, 303);
    assert.match(String(visitor.headers.location), /^\/sign-in\?next=/);
    assert.equal((await t.app.inject({ method: 'GET', url: crop(flagged.uuid, 1) })).statusCode, 303);
  });

  test('a finding the check does not hold is 404', async () => {
    for (const n of ['3', '0', '01', 'one']) assert.equal((await browser.get(`/megiah/scrolls/${flagged.uuid}/text-check/${n}.jpg`)).statusCode, 404, n);
    assert.equal((await browser.get(crop(clean.uuid, 1))).statusCode, 404);
  });
});
