// The text check of a registration photo on the store's page of the scroll
// (issue 53): pending, failed or done (the verdict, what was read, each
// finding in words and drawn on the photo, each enlarged from the private
// photo for this store only), in English and Hebrew, always as an aid to the
// megiah. The engine double reads a finding off each black cell of a 16×16
// grid (test/support/test-engine.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { FINDING_CROP_LONG_SIDE } from '../../src/pictures/finding-pictures.ts';
import { portalBrowser, signedInBrowser, type PortalBrowser } from '../support/browser-session.ts';
import { makeMegiah, makeScroll, makeStore, type TestScroll } from '../support/factories.ts';
import { textPhoto } from '../support/photos.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let browser: PortalBrowser;
let flagged: TestScroll;
let clean: TestScroll;
let pending: TestScroll;
let failed: TestScroll;
let othersFlagged: TestScroll;

/** The photo of `flagged`: 256 × 512, so a grid cell is 16 × 32 pixels. */
const SIZE = { width: 256, height: 512 } as const;

before(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  const store = await makeStore(t.deps, { agent: true });
  // Line 3 word 1 (a missing letter), line 6 word 4 (swapped letters).
  flagged = await makeScroll(t.deps, store.account, { photo: await textPhoto([[2, 0], [5, 3]], SIZE) });
  clean = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
  failed = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
  await t.deps.files.remove(`private/photos/${failed.uuid}`);
  othersFlagged = await makeScroll(t.deps, (await makeStore(t.deps, { agent: true })).account, { photo: await textPhoto([[0, 0]]) });
  await runPendingTextChecks(t.deps);
  // Registered after the pass: still pending.
  pending = await makeScroll(t.deps, store.account, { photo: await textPhoto() });
  browser = await signedInBrowser(t.app, t.deps, store.account);
});
after(() => t.close());

/** The text check's section of a page. */
function section(body: string): string {
  const found = /<section class="card text-check"[\s\S]*?<\/section>/.exec(body);
  assert.ok(found, 'the page has a text check section');
  return found[0];
}

describe("the text check on the store's page of a scroll", () => {
  test('done with findings: the verdict, what was read, each finding in words, drawn on the preview and enlarged', async () => {
    const res = await browser.get(`/store/scrolls/${flagged.uuid}`);
    assert.equal(res.statusCode, 200);
    const html = section(res.body);
    assert.match(html, /data-state="done"/);
    assert.match(html, /data-verdict="errors_found"/);
    assert.ok(html.includes('An aid to the megiah'), 'never a ruling');
    assert.ok(html.includes('2 places to look at'));
    for (const [label, total] of [['Lines read', 22], ['Words read', 170], ['Letters read', 713]] as const) {
      assert.match(html, new RegExp(`${label}</dt><dd><bdi>${total}</bdi> of <bdi>${total}</bdi>`));
    }
    // Each finding: its kind and place in words, the letters in Hebrew, how sure.
    const items = [...html.matchAll(/<li class="finding" id="finding-(\d+)" data-kind="([a-z_]+)">([\s\S]*?)<\/li>/g)];
    assert.deepEqual(items.map((m) => [m[1], m[2]]), [['1', 'missing_letter'], ['2', 'swapped_letters']]);
    assert.ok(items[0][3].includes('Missing letter'));
    assert.ok(items[0][3].includes('Line <bdi>3</bdi>, word <bdi>1</bdi>, letter <bdi>1</bdi>'));
    assert.ok(items[0][3].includes('<bdi class="letters" lang="he" dir="rtl">ש</bdi>'));
    assert.ok(items[0][3].includes('<span class="nothing">nothing</span>'), 'nothing was found where the letter is missing');
    assert.ok(items[0][3].includes('90%'));
    assert.ok(items[1][3].includes('Letters in swapped order'));
    assert.ok(items[1][3].includes('Line <bdi>6</bdi>, word <bdi>4</bdi>, letters <bdi>1</bdi> and <bdi>2</bdi>'));
    assert.ok(items[1][3].includes('>מע</bdi>') && items[1][3].includes('>עמ</bdi>'));
    // Drawn on the public preview, in the uploaded photo's pixels: the SVG scales with the picture.
    assert.ok(html.includes(`<img src="/static/previews/${flagged.uuid}.jpg"`));
    assert.ok(html.includes(`viewBox="0 0 ${SIZE.width} ${SIZE.height}"`));
    assert.ok(html.includes('<rect x="0" y="64" width="16" height="32"/>'), 'line 3, column 1');
    assert.ok(html.includes('<rect x="48" y="160" width="16" height="32"/>'), 'line 6, column 4');
    // Each finding enlarged, from this store's own route.
    for (const n of [1, 2]) assert.ok(items[n - 1][3].includes(`<img class="finding-crop" src="/store/scrolls/${flagged.uuid}/text-check/${n}.jpg"`));
  });

  test('each finding enlarged is a JPEG cut from the private photo around its box, for this store only', async () => {
    const crop = await browser.get(`/store/scrolls/${flagged.uuid}/text-check/2.jpg`);
    assert.equal(crop.statusCode, 200);
    assert.equal(crop.headers['content-type'], 'image/jpeg');
    assert.equal(crop.headers['cache-control'], 'private, no-store');
    const meta = await sharp(crop.rawPayload).metadata();
    assert.equal(Math.max(meta.width ?? 0, meta.height ?? 0), FINDING_CROP_LONG_SIDE);
    // Finding 2's cell is black and its neighbours grey, and its box lies inside the photo with room
    // around it: the middle of the crop is the finding's ink.
    const { data, info } = await sharp(crop.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    const middle = data[Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)];
    assert.ok(middle < 40, `the finding's cell is in the middle (grey ${middle})`);

    for (const finding of ['3', '0', 'x', '1.5']) assert.equal((await browser.get(`/store/scrolls/${flagged.uuid}/text-check/${finding}.jpg`)).statusCode, 404, finding);
    assert.equal((await browser.get(`/store/scrolls/${clean.uuid}/text-check/1.jpg`)).statusCode, 404, 'a clean check has none');
    assert.equal((await browser.get(`/store/scrolls/${othersFlagged.uuid}/text-check/1.jpg`)).statusCode, 404, "another store's scroll");
    const visitor = await portalBrowser(t.app).get(`/store/scrolls/${flagged.uuid}/text-check/1.jpg`);
    assert.equal(visitor.statusCode, 303);
    const megiah = await signedInBrowser(t.app, t.deps, await makeMegiah(t.deps));
    assert.equal((await megiah.get(`/store/scrolls/${flagged.uuid}/text-check/1.jpg`)).statusCode, 403);
  });

  test('done without findings: all letters read, no errors found; nothing drawn', async () => {
    const html = section((await browser.get(`/store/scrolls/${clean.uuid}`)).body);
    assert.match(html, /data-verdict="no_errors_found"/);
    assert.ok(html.includes('No errors found'));
    assert.ok(html.includes('All <bdi>713</bdi> letters were read'));
    assert.ok(!html.includes('<svg'));
    assert.ok(!html.includes('finding-crop'));
    assert.ok(html.includes('An aid to the megiah'));
  });

  test('pending: being checked, reload to see it; the page looks again by itself with script', async () => {
    const html = section((await browser.get(`/store/scrolls/${pending.uuid}`)).body);
    assert.match(html, /data-state="pending"/);
    assert.ok(html.includes('Being checked'));
    assert.ok(html.includes('Reload the page to see it.'));
    assert.ok(html.includes('An aid to the megiah'));
  });

  test('failed: why, in the words the check gave', async () => {
    const html = section((await browser.get(`/store/scrolls/${failed.uuid}`)).body);
    assert.match(html, /data-state="failed"/);
    assert.ok(html.includes('The check could not be made'));
    assert.ok(html.includes('the registration photo is missing.'));
    assert.ok(html.includes('The megiah examines the scroll as always.'));
  });

  test('in Hebrew, right to left', async () => {
    const res = await browser.get(`/store/scrolls/${flagged.uuid}`, { 'accept-language': 'he-IL' });
    assert.match(res.body, /<html lang="he" dir="rtl">/);
    const html = section(res.body);
    for (const words of ['בדיקת מחשב', 'עזר למגיה', 'אין זו הכרעה', 'אות חסרה', 'אותיות בסדר הפוך', 'הנוסח הנכון', 'אותיות שנקראו', 'מתוך']) {
      assert.ok(html.includes(words), words);
    }
    assert.ok(html.includes('<bdi>2</bdi> מקומות לבדיקה') || html.includes('2 מקומות לבדיקה'));
    const pendingHe = section((await browser.get(`/store/scrolls/${pending.uuid}`, { 'accept-language': 'he-IL' })).body);
    assert.ok(pendingHe.includes('טענו את הדף מחדש'));
  });
});
