// The partner API's interactive reference (/api/v1/docs) in Chromium, as a
// store's developer uses it: the page loads from this server alone under its
// content policy, a key typed into "Authorize" is sent as X-Api-Key, and
// "Try it out" gets the store's own answer from the same server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, chromiumMissing } from '../support/chromium.ts';
import { makeStore } from '../support/factories.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

test('a developer authorizes with a key and tries GET credits from the reference page', { skip: chromiumMissing }, async () => {
  const store = await makeStore(served.t.deps, { credits: 7 });
  const context = await served.browser.newContext({ baseURL: served.origin, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(served.origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });

  const response = await page.goto('/api/v1/docs');
  assert.equal(response?.status(), 200);
  assert.match(response?.headers()['content-security-policy'] ?? '', /default-src 'none'.*script-src 'self'/);
  await page.getByText('Mezuzah Registry partner API').first().waitFor();

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(store.key);
  await page.locator('.modal-ux button.authorize').click();
  await page.locator('.modal-ux button.btn-done').click();

  const operation = page.locator('#operations-store-getCredits');
  await operation.locator('.opblock-summary').click();
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/v1/store/credits'));
  await operation.getByRole('button', { name: 'Execute' }).click();
  const credits = await answer;
  assert.equal(credits.status(), 200);
  assert.equal(credits.request().headers()['x-api-key'], store.key);
  assert.deepEqual(await credits.json(), { credits: 7 });
  await operation.locator('.responses-wrapper .live-responses-table').getByText('"credits": 7').waitFor();
  await page.screenshot({ path: `${ARTIFACTS}api-docs-credits.png` });

  assert.deepEqual(elsewhere, [], 'the page reached beyond this server');
  assert.deepEqual(problems, []);
  // The key lives in the page alone.
  assert.equal(await page.evaluate(() => JSON.stringify(window.localStorage).includes('mzr_')), false);
  await context.close();
});
