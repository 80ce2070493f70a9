import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app listening on loopback and a Chromium to drive it, for one test file's tests. */
export type Served = { readonly t: TestApp; readonly origin: string; readonly browser: Browser };

/**
 * Starts the app (with `options`) and Chromium before the file's tests, then
 * `setUp` (what the file's tests share), and closes both after them; none of
 * it when Chromium is missing (the tests skip).
 */
export function servedInChromium(options?: Parameters<typeof createTestApp>[0], setUp?: (t: TestApp) => Promise<void>): Served {
  let t: TestApp | undefined;
  let origin = '';
  let browser: Browser | undefined;
  before(async () => {
    if (chromiumMissing) return;
    t = await createTestApp(options);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchChromium();
    await setUp?.(t);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });
  return {
    get t() {
      return t!;
    },
    get origin() {
      return origin;
    },
    get browser() {
      return browser!;
    },
  };
}
