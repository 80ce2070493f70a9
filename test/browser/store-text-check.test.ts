// The store's page of a scroll while its text check runs, in Chromium
// (issue 53): pending, the page says so and, with script, looks again by
// itself, putting the result in place of that section alone (a note typed in
// the sale form stays); then the places drawn on the preview and each one
// enlarged from the store's own route. Screenshots:
// test-artifacts/store-text-check-<what>-<width>-en.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { chromiumMissing, openContext, shoot, signIn } from '../support/chromium.ts';
import { makeScroll, makeStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { textPhoto } from '../support/photos.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

describe("the store's page while the text check runs, in Chromium", { skip: chromiumMissing }, () => {
  test('pending, then the result in place, the sale form untouched; the places drawn and enlarged', async () => {
    const store = await makeStore(served.t.deps, { credits: 3 });
    assert.ok((await setPassword(served.t.deps, store.account, TEST_PASSWORD)).ok);
    const scroll = await makeScroll(served.t.deps, store.account, { photo: await textPhoto([[3, 2], [10, 12]], { width: 480, height: 640 }) });

    const context = await openContext(served.browser, served.origin, { width: 'desktop', lang: 'en' });
    const page = await signIn(context, store.account);
    await page.goto(`/store/scrolls/${scroll.uuid}`);
    const section = page.locator('section.text-check');
    assert.equal(await section.getAttribute('data-state'), 'pending');
    assert.ok(await section.getByText('Reload the page to see it.').isVisible());
    await shoot(page, 'store-text-check-pending-1280-en');
    await page.locator('#f-note').fill('Paid in cash');

    await runPendingTextChecks(served.t.deps);
    // portal.js looks again after 4 s.
    await page.locator('section.text-check[data-state="done"]').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#f-note').inputValue(), 'Paid in cash', 'the rest of the page is as it was');
    assert.ok(await section.getByText('2 places to look at').isVisible());
    assert.ok(await imageLoaded(section.locator('.marked-photo img')));
    assert.equal(await section.locator('.marked-photo rect').count(), 2);
    const crops = section.locator('img.finding-crop');
    for (let i = 0; i < 2; i++) {
      await crops.nth(i).scrollIntoViewIfNeeded();
      assert.ok(await imageLoaded(crops.nth(i)), `place ${i + 1} enlarged`);
    }
    await shoot(page, 'store-text-check-done-1280-en');
    await context.close();
  });
});
