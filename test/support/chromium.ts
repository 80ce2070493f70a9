// Debian's Chromium driven by playwright-core, for the portal's browser tests:
// one launch per test file, a context per person (width, language,
// JavaScript on or off), and screenshots kept in test-artifacts/. Without
// Chromium the tests skip, except in CI, where .ci/run installs it and a
// missing browser is a failure.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TEST_PASSWORD } from './browser-session.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Why browser tests skip on this machine, or false when Chromium is there. */
export const chromiumMissing: string | false = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (Debian package chromium)`;
if (chromiumMissing && process.env.CI) throw new Error(`${chromiumMissing}; .ci/run installs it, so CI must not skip these tests.`);

/** The narrowest phone the portal is built for, and a common desktop. */
export const WIDTHS = { phone: 360, desktop: 1280 } as const;
export type Width = keyof typeof WIDTHS;

export async function launchChromium(): Promise<Browser> {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    // The machine's network is closed: Chromium must not try to phone home.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export type Person = { readonly width?: Width; readonly lang?: 'en' | 'he'; readonly javaScript?: boolean };

/** A browser context as a person at `width` reading `lang` (by Accept-Language, as a phone set to Hebrew sends it). */
export function openContext(browser: Browser, origin: string, person: Person = {}): Promise<BrowserContext> {
  const width = person.width ?? 'phone';
  return browser.newContext({
    baseURL: origin,
    viewport: width === 'phone' ? { width: WIDTHS.phone, height: 740 } : { width: WIDTHS.desktop, height: 800 },
    deviceScaleFactor: width === 'phone' ? 2 : 1,
    isMobile: width === 'phone',
    hasTouch: width === 'phone',
    javaScriptEnabled: person.javaScript ?? true,
    locale: person.lang === 'he' ? 'he-IL' : 'en-US',
  });
}

/** Nothing wider than the window, and every form control has an accessible name. */
export async function assertUsable(page: Page): Promise<void> {
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${page.url()} scrolls sideways`);
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input:not([type=hidden]):not([hidden]), select, textarea')]
      .filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML),
  );
  assert.deepEqual(unlabelled, [], `${page.url()} has unlabelled controls`);
}

/** Checks the page is usable, then keeps a full-page screenshot as test-artifacts/<name>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await assertUsable(page);
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** Signs `account` in through the sign-in form, as a person does; the page it lands on. */
export async function signIn(context: BrowserContext, account: { readonly email: string }, password = TEST_PASSWORD): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('#f-email').fill(account.email);
  await page.locator('#f-password').fill(password);
  await page.locator('form[action="/sign-in"] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  return page;
}
