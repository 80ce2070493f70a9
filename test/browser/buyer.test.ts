// A buyer in Chromium over real HTTP: the check page's answer for each state a
// scroll can be in, its shareable link opened in another browser, and the QR
// page a sticker leads to, for each state. At a phone's and a desktop's
// width, in English and Hebrew, with JavaScript on and (on the phone) off.
// Screenshots: test-artifacts/buyer-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Account } from '../../src/db/records.ts';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { openContext, shoot, chromiumMissing, type Person } from '../support/chromium.ts';
import { makeBuyer, makeMegiah, makeScroll, makeStore, type TestScroll, type TestStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { blankPhoto, rephotographed, scrollPhoto } from '../support/photos.ts';
import { sell } from '../support/requests.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

let store: TestStore;
let megiah: Account;
/** One scroll in each state a buyer may meet. */
let scrolls: Record<'verified' | 'awaiting' | 'sold' | 'rejected', TestScroll>;

const served = servedInChromium(undefined, async (t) => {
  store = await makeStore(t.deps, { credits: 5 });
  megiah = await makeMegiah(t.deps, { username: 'Rav Shlomo Levi' });
  const make = (verified: boolean) => makeScroll(t.deps, store.account, { megiah: megiah.uuid, verified });
  scrolls = { verified: await make(true), awaiting: await make(false), sold: await make(true), rejected: await make(false) };
  const buyer = await makeBuyer(t.deps, { lat: 32.0853, lng: 34.7818 });
  assert.equal((await sell(t.app, store.key, scrolls.sold.uuid, { to_uuid: buyer.uuid, note: '' })).statusCode, 200);
  assert.ok((await rejectScroll(t.deps, scrolls.rejected.uuid, { reason: 'invalid_letter_form', note: '' }, { account: megiah })).ok);
});

const PEOPLE: readonly Required<Person>[] = [
  { width: 'phone', lang: 'en', javaScript: true },
  { width: 'phone', lang: 'he', javaScript: true },
  { width: 'desktop', lang: 'en', javaScript: true },
  { width: 'desktop', lang: 'he', javaScript: true },
  { width: 'phone', lang: 'en', javaScript: false },
];
const nameOf = (person: Required<Person>) => `${person.width}-${person.lang}${person.javaScript ? '' : '-nojs'}`;

/** Chooses the photo and submits the check form; the page the answer lands on. */
async function check(page: Page, photo: Uint8Array): Promise<void> {
  await page.goto('/check');
  await page.locator('input[name=image]').setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: Buffer.from(photo) });
  // The answer is a new document (a redirect to the result, or the form again): waited for from before the click, since the page as it is has loaded already.
  await Promise.all([page.waitForNavigation(), page.locator('form[action="/check"] button[type=submit]:not([formaction])').click()]);
}

describe('a buyer checks a scroll in Chromium', { skip: chromiumMissing }, () => {
  const expected = { verified: 'ok', awaiting: 'warn', sold: 'warn', rejected: 'error' } as const;
  for (const person of PEOPLE) {
    test(`${nameOf(person)}: each state's verdict, a link another browser opens, and what to do with an unreadable photo`, async () => {
      const context = await openContext(served.browser, served.origin, person);
      const page = await context.newPage();
      for (const [state, verdict] of Object.entries(expected) as [keyof typeof expected, string][]) {
        await check(page, await rephotographed(scrolls[state].photo));
        assert.match(new URL(page.url()).pathname, /^\/check\/result\/[A-Za-z0-9_-]{22}$/, state);
        assert.equal(await page.locator('section.result').getAttribute('data-verdict'), verdict, state);
        assert.ok(await page.locator(`.verdict.${verdict}`).isVisible(), `${state}: the verdict is in view`);
        assert.ok(await imageLoaded(page.locator('img.preview')), `${state}: the registered photo loads`);
        await shoot(page, `buyer-check-${state}-${nameOf(person)}`);
      }
      // The sold scroll's owner is placed by town, never by coordinates.
      assert.equal(await page.getByText('32.09').count(), 0);

      const link = (await page.locator('#share-link').getAttribute('href')) ?? '';
      assert.ok(link.startsWith('https://registry.test/check/result/'), link);
      const rabbi = await openContext(served.browser, served.origin, { width: 'desktop', lang: 'he' });
      const shared = await rabbi.newPage();
      const opened = await shared.goto(new URL(link).pathname);
      assert.equal(opened?.status(), 200);
      assert.equal(await shared.locator('section.result').getAttribute('data-verdict'), 'error', 'the same answer, in another browser');
      await rabbi.close();

      await check(page, await scrollPhoto());
      assert.equal(await page.locator('section.result').getAttribute('data-status'), 'not_found');
      await shoot(page, `buyer-check-not-found-${nameOf(person)}`);
      await check(page, await blankPhoto());
      assert.equal(await page.locator('section.result').getAttribute('data-status'), 'invalid');
      assert.ok(await page.locator('form[action="/check"]').isVisible(), 'the form again, for a better photo');
      await shoot(page, `buyer-check-unreadable-${nameOf(person)}`);
      await context.close();
    });
  }
});

describe('a buyer scans a sticker in Chromium', { skip: chromiumMissing }, () => {
  const expected = { verified: 200, sold: 200, awaiting: 404, rejected: 404 } as const;
  for (const person of PEOPLE.filter((p) => p.javaScript)) {
    test(`${nameOf(person)}: the QR page of each state, and of a code never issued`, async () => {
      const context = await openContext(served.browser, served.origin, person);
      const page = await context.newPage();
      for (const [state, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
        const response = await page.goto(`/q/${scrolls[state].qrCode}`);
        assert.equal(response?.status(), status, state);
        await shoot(page, `buyer-qr-${state}-${nameOf(person)}`);
      }
      assert.equal(await page.getByText('awaiting the examiner', { exact: false }).count(), 0, 'a rejected scroll is not said to be awaiting');
      await page.goto(`/q/${scrolls.awaiting.qrCode}`);
      assert.ok(await page.getByText('Registered, awaiting the examiner’s confirmation').isVisible());
      assert.equal(await page.getByText(scrolls.awaiting.uuid).count(), 0, 'none of its details');
      const unknown = await page.goto('/q/ZZZZZZZZZZZZ');
      assert.equal(unknown?.status(), 404);
      await shoot(page, `buyer-qr-unknown-${nameOf(person)}`);
      await context.close();
    });
  }
});
