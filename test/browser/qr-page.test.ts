// The public QR page in a real browser (Debian's Chromium driven by
// playwright-core) with JavaScript disabled, at a phone's size, as a buyer
// scanning a sticker sees it. Screenshots are kept in test-artifacts/ for
// people to look at. Without Chromium the tests skip, except in CI, where
// .ci/run installs it and a missing browser is a failure.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore, type TestStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const missing = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (Debian package chromium)`;
if (missing && process.env.CI) throw new Error(`${missing}; .ci/run installs it, so CI must not skip these tests.`);

let t: TestApp;
let store: TestStore;
let origin: string;
let browser: Browser;
let context: BrowserContext;

before(async () => {
  if (missing) return;
  t = await createTestApp();
  store = await makeStore(t.deps, { credits: 3 });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The machine's network is closed: Chromium must not try to phone home.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await mkdir(ARTIFACTS, { recursive: true });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

async function visit(code: string): Promise<{ page: Page; status: number }> {
  const page = await context.newPage();
  const response = await page.goto(`${origin}/q/${code}`, { waitUntil: 'load' });
  assert.ok(response);
  return { page, status: response.status() };
}

/** Hebrew is laid out right to left and set against the right edge; English against the left. */
async function assertBilingualLayout(page: Page) {
  const hebrew = page.locator('dt [lang="he"]').first();
  const english = page.locator('dt [lang="en"]').first();
  assert.equal(await hebrew.evaluate((e) => getComputedStyle(e).direction), 'rtl');
  assert.equal(await english.evaluate((e) => getComputedStyle(e).direction), 'ltr');
  const row = await page.locator('dt').first().boundingBox();
  const he = await hebrew.boundingBox();
  const en = await english.boundingBox();
  assert.ok(row && he && en);
  assert.ok(Math.abs(he.x + he.width - (row.x + row.width)) < 2, `Hebrew label ends at the right edge: ${JSON.stringify({ row, he })}`);
  assert.ok(Math.abs(en.x - row.x) < 2, 'English label starts at the left edge');
  // Mobile first: nothing wider than the phone's screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
}

describe('the QR page in Chromium, JavaScript disabled', { skip: missing }, () => {
  test('a verified scroll in a store: status, people, dates, the preview photo, the certificate link', async () => {
    const sofer = await makeSofer(t.deps, { username: 'Moshe Katz' });
    const megiah = await makeMegiah(t.deps, { username: 'הרב יוסף לוי' });
    const scroll = await makeScroll(t.deps, store.account, {
      sofer: sofer.uuid, megiah: megiah.uuid, writtendate: '2023-11-05', examinateddate: '2024-01-15', font: 'Beit Yosef', size: '15 cm', verified: true,
    });
    await storeGet(t.app, store.key, `/api/v1/store/mezuzah-certificate/${scroll.uuid}`);
    const { page, status } = await visit(scroll.qrCode);
    assert.equal(status, 200);
    assert.equal(await page.evaluate(() => document.scripts.length), 0);
    for (const text of ['Verified mezuzah', 'מזוזה מאומתת', 'Moshe Katz', 'הרב יוסף לוי', '2023-11-05', '2024-01-15', 'Beit Yosef', scroll.qrCode]) {
      assert.ok(await page.getByText(text, { exact: false }).first().isVisible(), `${text} visible`);
    }
    const photo = page.locator('figure img');
    assert.ok(await imageLoaded(photo), 'the preview loaded');
    const certificate = page.locator('a.cert');
    assert.ok(await certificate.isVisible());
    const pdf = await page.request.get(new URL((await certificate.getAttribute('href')) ?? '', page.url()).href);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    await assertBilingualLayout(page);
    await page.screenshot({ path: `${ARTIFACTS}qr-page-verified.png`, fullPage: true });
    await page.close();
  });

  test('a sold scroll', async () => {
    const scroll = await makeScroll(t.deps, store.account, { verified: true });
    await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps, { username: 'Never Shown' })).uuid, note: '' });
    const { page, status } = await visit(scroll.qrCode);
    assert.equal(status, 200);
    assert.ok(await page.getByText('Verified mezuzah · sold').isVisible());
    assert.equal(await page.getByText('Never Shown').count(), 0);
    await assertBilingualLayout(page);
    await page.screenshot({ path: `${ARTIFACTS}qr-page-sold.png`, fullPage: true });
    await page.close();
  });

  test('an unknown code', async () => {
    const { page, status } = await visit('ZZZZZZZZZZZZ');
    assert.equal(status, 404);
    assert.ok(await page.getByText('No verified mezuzah has this code').isVisible());
    assert.ok(await page.getByText('לא נמצאה מזוזה מאומתת עם קוד זה').isVisible());
    await assertBilingualLayout(page);
    await page.screenshot({ path: `${ARTIFACTS}qr-page-not-found.png`, fullPage: true });
    await page.close();
  });
});
