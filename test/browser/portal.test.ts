// The web portal end to end in a real browser (Debian's Chromium driven by
// playwright-core) over real HTTP, at a phone's width: each flow of issue 5,
// clicked through as a person would. Screenshots of the main pages are kept
// in test-artifacts/portal-*.png. Without Chromium the tests skip, except in
// CI, where .ci/run installs it and a missing browser is a failure.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Account } from '../../src/db/records.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { chromiumMissing, openContext, shoot as keepScreenshot, signIn } from '../support/chromium.ts';
import { makeAccount, makeMegiah, makeScroll, makeSofer, makeStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { blankPhoto, scrollPhoto } from '../support/photos.ts';
import { storeGet } from '../support/requests.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const missing = chromiumMissing;

const served = servedInChromium();

/** A 360 px phone that lets the page use the clipboard (the copy buttons). */
async function phone(options: { javaScript?: boolean; locale?: string } = {}): Promise<BrowserContext> {
  const context = await openContext(served.browser, served.origin, { width: 'phone', lang: options.locale === 'he-IL' ? 'he' : 'en', javaScript: options.javaScript ?? true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  return context;
}

const shoot = (page: Page, name: string) => keepScreenshot(page, `portal-${name}`);

async function withPassword(account: Account): Promise<Account> {
  assert.ok((await setPassword(served.t.deps, account, TEST_PASSWORD)).ok);
  return account;
}

describe('the portal in Chromium, on a 360 px phone', { skip: missing }, () => {
  test('sign in, create an API key, see it once, call the API with it, revoke it, see the API refuse it', async () => {
    const { account } = await makeStore(served.t.deps, { credits: 4 });
    await withPassword(account);
    const context = await phone();
    const visitor = await context.newPage();
    await visitor.goto('/');
    await shoot(visitor, 'home');
    await visitor.goto('/sign-in');
    await shoot(visitor, 'sign-in');
    await visitor.close();

    const page = await signIn(context, account);
    await page.goto('/settings/api-keys');
    await shoot(page, 'api-keys');
    await page.getByLabel('Label').fill('Shop website');
    await page.getByRole('button', { name: 'Create a key' }).click();
    const shown = page.locator('#new-api-key');
    const key = (await shown.textContent())?.trim() ?? '';
    assert.match(key, /^mzr_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key, 'the copy button copies the key');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await shoot(page, 'api-key-created');

    // What a partner's software does with it:
    const credits = await fetch(`${served.origin}/api/v1/store/credits`, { headers: { 'X-Api-Key': key } });
    assert.equal(credits.status, 200);
    assert.deepEqual(await credits.json(), { credits: 4 });

    await page.getByRole('link', { name: 'Back to your keys' }).click();
    assert.equal(await page.getByText(key).count(), 0, 'never shown again');
    const row = page.locator('tr', { hasText: 'Shop website' });
    assert.ok(await row.getByText(key.slice(0, 10), { exact: false }).isVisible());
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: /Revoke/ }).click();
    await page.getByText('The key has been revoked.').waitFor();
    assert.equal((await fetch(`${served.origin}/api/v1/store/credits`, { headers: { 'X-Api-Key': key } })).status, 401);
    await context.close();
  });

  test('without JavaScript, sign-in and key creation still work (progressive enhancement)', async () => {
    const { account } = await makeStore(served.t.deps);
    await withPassword(account);
    const context = await phone({ javaScript: false });
    const page = await signIn(context, account);
    await page.goto('/settings/api-keys');
    await page.getByLabel('Label').fill('Till');
    await page.getByRole('button', { name: 'Create a key' }).click();
    const key = (await page.locator('#new-api-key').textContent())?.trim() ?? '';
    assert.equal((await storeGet(served.t.app, key, '/api/v1/store/credits')).statusCode, 200);
    const reloaded = await page.reload();
    assert.equal(reloaded?.status(), 410);
    assert.equal(await page.locator('#new-api-key').count(), 0, 'a reload shows no key');
    assert.equal((await served.t.db.apiKeys.listByAccount(account.id)).filter((k) => k.label === 'Till').length, 1, 'and creates none');
    await context.close();
  });

  test('Hebrew: the switch turns the page right to left, and it stays usable at 360 px', async () => {
    const { account } = await makeStore(served.t.deps);
    await withPassword(account);
    const context = await phone({ locale: 'he-IL' });
    const page = await context.newPage();
    await page.goto('/sign-in');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await page.locator('h1').evaluate((e) => getComputedStyle(e).direction), 'rtl');
    await shoot(page, 'sign-in-he');
    await page.getByRole('link', { name: 'English' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
    await context.close();
  });

  test('an agent registers a scroll through the form: the photo from the phone, sofer and megiah from the directory', async () => {
    const { account } = await makeStore(served.t.deps, { agent: true, credits: 1 });
    await withPassword(account);
    const sofer = await makeSofer(served.t.deps, { username: 'Moshe Katz' });
    const megiah = await makeMegiah(served.t.deps, { username: 'הרב יוסף לוי' });
    const photo = Buffer.from(await scrollPhoto());
    const context = await phone();
    const page = await signIn(context, account);
    await page.goto('/store/register');
    await shoot(page, 'register');

    const fill = async () => {
      await page.getByLabel('Photo of the scroll').setInputFiles({ name: 'scroll.png', mimeType: 'image/png', buffer: photo });
      await page.getByLabel('Sofer (scribe)').selectOption({ label: 'Moshe Katz · Safed, Israel' });
      await page.getByLabel('Megiah (examiner)').selectOption({ label: 'הרב יוסף לוי · Bnei Brak, Israel' });
      await page.getByLabel('Date written').fill('2024-01-10');
      await page.getByLabel('Date examined').fill('2024-02-20');
      await page.getByLabel('Script').fill('Beit Yosef');
      await page.getByLabel('Size').fill('12 cm');
    };
    await fill();
    assert.equal(await page.locator('#mezuzah-preview img').count(), 1, 'the chosen photo is previewed before upload');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/store\/scrolls\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop() ?? '';
    await page.getByText('Moshe Katz').first().waitFor();
    assert.ok(await page.getByText('הרב יוסף לוי').first().isVisible());
    const scroll = await served.t.db.scrolls.findByUuid(uuid);
    assert.equal(scroll?.soferId, sofer.id);
    assert.equal(scroll?.megiahId, megiah.id);
    assert.equal(scroll?.registeredById, account.id);
    assert.ok(await imageLoaded(page.locator('img.sticker')), 'the QR sticker loads');
    await shoot(page, 'scroll');

    // The same photo again is caught, and said so in words.
    await page.goto('/store/register');
    await fill();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('This scroll is already registered').waitFor();
    assert.equal(await page.getByLabel('Script').inputValue(), 'Beit Yosef', 'what was typed is kept');
    await shoot(page, 'register-duplicate');

    await page.goto('/store/inventory');
    assert.ok(await page.getByRole('link', { name: scroll?.qrCode ?? '' }).first().isVisible());
    await shoot(page, 'inventory');
    await context.close();
  });

  test('the megiah confirms the examination, and the scroll\'s QR code starts to resolve', async () => {
    const store = await makeStore(served.t.deps);
    const megiah = await withPassword(await makeMegiah(served.t.deps, { username: 'Rav Levi' }));
    const scroll = await makeScroll(served.t.deps, store.account, { megiah: megiah.uuid, font: 'Ari' });
    const context = await phone();
    assert.equal((await fetch(`${served.origin}/q/${scroll.qrCode}`)).status, 404, 'not before confirmation');

    const page = await signIn(context, megiah);
    await page.goto('/megiah');
    await shoot(page, 'megiah-queue');
    const card = page.locator('li', { hasText: scroll.uuid });
    page.once('dialog', (dialog) => dialog.accept());
    await card.getByRole('button', { name: 'Confirm examination' }).click();
    await page.getByText('Examination confirmed. The scroll is now verified.').waitFor();
    assert.equal(await page.getByText(scroll.uuid).count(), 0, 'it leaves the queue');

    await page.goto(`/q/${scroll.qrCode}`);
    assert.ok(await page.getByText('Verified mezuzah').first().isVisible());
    assert.ok(await page.getByText('Rav Levi').first().isVisible());
    await context.close();
  });

  test('an admin grants credits with a reason, and the store sees the balance and the reason', async () => {
    const admin = await withPassword(await makeAccount(served.t.deps, { role: 'admin' }));
    const { account: store } = await makeStore(served.t.deps, { credits: 2 });
    await withPassword(store);

    const adminContext = await phone();
    const page = await signIn(adminContext, admin);
    await page.goto('/admin/accounts');
    await page.getByLabel('Name or email contains').fill(store.email);
    await page.getByRole('button', { name: 'Find' }).click();
    await shoot(page, 'admin-accounts');
    await page.getByRole('link', { name: store.username }).click();
    await page.getByLabel('Amount').fill('5');
    await page.getByLabel('Reason').fill('Paid invoice 1042');
    await page.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Paid invoice 1042').first().waitFor();
    await shoot(page, 'admin-account');
    await adminContext.close();

    const storeContext = await phone();
    const storePage = await signIn(storeContext, store);
    await storePage.goto('/store');
    assert.equal((await storePage.locator('.balance').textContent())?.trim(), '7');
    assert.ok(await storePage.getByText('Paid invoice 1042').isVisible());
    await shoot(storePage, 'store-credits');
    await storeContext.close();
  });

  test('/check: a buyer uploads a photo and sees who wrote, examined and offers the scroll; an unreadable photo is told so', async () => {
    const store = await makeStore(served.t.deps);
    const sofer = await makeSofer(served.t.deps, { username: 'Avraham Sofer' });
    const photo = await scrollPhoto();
    await makeScroll(served.t.deps, store.account, { photo, sofer: sofer.uuid, verified: true });
    const context = await phone();
    const page = await context.newPage();
    await page.goto('/check');
    await shoot(page, 'check');
    await page.getByLabel('Photo of the scroll').setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: Buffer.from(photo) });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('Registered mezuzah').first().waitFor();
    assert.ok(await page.getByText('Avraham Sofer').first().isVisible());
    assert.ok(await imageLoaded(page.locator('img.preview')), 'the registered photo loads');
    await shoot(page, 'check-found');

    await page.goto('/check');
    await page.getByLabel('Photo of the scroll').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: Buffer.from(await blankPhoto()) });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('For a readable photo').first().waitFor();
    await shoot(page, 'check-invalid');
    await context.close();
  });
});
