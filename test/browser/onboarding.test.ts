// Onboarding in Chromium over real HTTP: the invitation link an admin sends a
// new store, the password chosen there (and signing in with it), and the first API key, created once
// however the page is reloaded. At a phone's and a desktop's width, in English
// and Hebrew, with JavaScript on, and on the phone with it off. Screenshots:
// test-artifacts/onboarding-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inviteAccount } from '../../src/domain/invite-account.ts';
import { openContext, shoot, chromiumMissing, type Person } from '../support/chromium.ts';
import { makeStore } from '../support/factories.ts';
import { storeGet } from '../support/requests.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

const PEOPLE: readonly Required<Person>[] = [
  { width: 'phone', lang: 'en', javaScript: true },
  { width: 'phone', lang: 'he', javaScript: true },
  { width: 'desktop', lang: 'en', javaScript: true },
  { width: 'desktop', lang: 'he', javaScript: true },
  { width: 'phone', lang: 'en', javaScript: false },
];

describe('a new store onboarded in Chromium', { skip: chromiumMissing }, () => {
  for (const person of PEOPLE) {
    const name = `${person.width}-${person.lang}${person.javaScript ? '' : '-nojs'}`;
    test(`${name}: invitation → password → signed in → an API key shown once, a reload creates none`, async () => {
      const { account } = await makeStore(served.t.deps, { credits: 2 });
      const invited = await inviteAccount(served.t.deps, account.uuid, null);
      assert.ok(invited.ok);
      const keysBefore = (await served.t.db.apiKeys.listByAccount(account.id)).length;
      const context = await openContext(served.browser, served.origin, person);
      const page = await context.newPage();

      await page.goto(new URL(invited.value.url).pathname);
      assert.equal(await page.evaluate(() => document.documentElement.dir), person.lang === 'he' ? 'rtl' : 'ltr');
      await shoot(page, `onboarding-invitation-${name}`);
      await page.locator('input[name=password]').fill('a password of my own');
      await page.locator('input[name=repeat]').fill('a password of my own');
      const submitted = page.waitForRequest((request) => request.method() === 'POST');
      await page.locator('form button[type=submit]').click();
      // The case the CSRF check once refused: Chromium posts a no-referrer page's form with Origin: null.
      assert.equal(await (await submitted).headerValue('origin'), 'null');
      await page.waitForURL((url) => url.pathname === '/store');
      await shoot(page, `onboarding-signed-in-${name}`);

      // Signed out, the chosen password signs in again.
      await page.locator('form[action="/sign-out"] button[type=submit]').click();
      await page.goto('/sign-in');
      await page.locator('input[name=email]').fill(account.email);
      await page.locator('input[name=password]').fill('a password of my own');
      await page.locator('main form button[type=submit]').click();
      await page.waitForURL((url) => url.pathname === '/store');

      await page.goto('/settings/api-keys');
      await page.locator('input[name=label]').fill('Shop till');
      await page.locator('form[action="/settings/api-keys"] button[type=submit]').click();
      await page.waitForURL(/\/settings\/api-keys\/new\//);
      const key = (await page.locator('#new-api-key').textContent())?.trim() ?? '';
      assert.match(key, /^mzr_[\w-]{43}$/);
      await shoot(page, `onboarding-api-key-${name}`);
      assert.equal((await storeGet(served.t.app, key, '/api/v1/store/credits')).statusCode, 200);

      const reloaded = await page.reload();
      assert.equal(reloaded?.status(), 410);
      assert.equal(await page.locator('#new-api-key').count(), 0);
      await shoot(page, `onboarding-api-key-reloaded-${name}`);
      assert.equal((await served.t.db.apiKeys.listByAccount(account.id)).length, keysBefore + 1, 'one key, however often the page is loaded');
      await context.close();
    });
  }
});
