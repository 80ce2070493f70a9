// A store's whole job in Chromium over real HTTP: register a scroll, print its
// sticker (alone and with others on an A4 sheet), find it in the inventory,
// sell it, meet the refusal when no credit is left, and export the sales, the
// inventory and the credit ledger as CSV. At a phone's and a desktop's width,
// in English and Hebrew, with JavaScript on and off. Screenshots:
// test-artifacts/store-<what>-<width>-<lang>[-nojs].png.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { Account } from '../../src/db/records.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { saleWords } from '../../src/presenters/portal/words/store-sale.ts';
import { storeScrollWords } from '../../src/presenters/portal/words/store-scroll.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { chromiumMissing, openContext, shoot, signIn, WIDTHS, type Person } from '../support/chromium.ts';
import { makeBuyer, makeMegiah, makeScroll, makeSofer, makeStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { scrollPhoto } from '../support/photos.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

let sofer: Account;
let megiah: Account;

const served = servedInChromium({ rateLimitScale: 100 }, async (t) => {
  sofer = await makeSofer(t.deps, { username: 'Moshe Katz' });
  megiah = await makeMegiah(t.deps, { username: 'הרב יוסף לוי' });
});

const PEOPLE: readonly Required<Person>[] = [
  { width: 'phone', lang: 'en', javaScript: true },
  { width: 'phone', lang: 'he', javaScript: true },
  { width: 'desktop', lang: 'en', javaScript: true },
  { width: 'desktop', lang: 'he', javaScript: true },
  { width: 'phone', lang: 'en', javaScript: false },
  { width: 'desktop', lang: 'he', javaScript: false },
];

/** What the store already had in stock: enough rows for the list to be judged, in both scripts. */
const STOCK = [
  { font: 'Beit Yosef', size: '12 cm', note: 'Front door' },
  { font: 'ספרדי', size: '10 ס"מ', note: 'כתב יפה' },
  { font: 'Ari', size: '15 cm', note: '' },
  { font: 'Vellish', size: '20 cm', note: 'Bought in Safed', verified: true },
];

/** Clicks what starts a download and gives its bytes. */
async function download(page: Page, trigger: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return readFile((await file.path()) ?? '');
}

/** The texts of the elements that are drawn on more than one line (boxes at several heights; bidi runs on one line share one). */
async function brokenAcrossLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes
      .filter((node) => new Set([...node.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
      .map((node) => node.textContent ?? ''),
  );
}

const BOM = '\uFEFF';

describe('a store at work in Chromium', { skip: chromiumMissing }, () => {
  for (const person of PEOPLE) {
    const { lang } = person;
    const name = `${WIDTHS[person.width]}-${lang}${person.javaScript ? '' : '-nojs'}`;
    test(`${name}: register → sticker → inventory → sale → no credit left → CSV exports`, async () => {
      const { account: store } = await makeStore(served.t.deps, { agent: true, credits: 1 });
      assert.ok((await setPassword(served.t.deps, store, TEST_PASSWORD)).ok);
      for (const stock of STOCK) await makeScroll(served.t.deps, store, { sofer: sofer.uuid, megiah: megiah.uuid, ...stock });
      const buyer = await makeBuyer(served.t.deps, { username: lang === 'he' ? 'דוד כהן' : 'David Cohen' });
      const context = await openContext(served.browser, served.origin, person);
      const page = await signIn(context, store);
      assert.equal(new URL(page.url()).pathname, '/store');
      assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');

      // Register.
      await page.goto('/store/register');
      await page.locator('input[name=mezuzah]').setInputFiles({ name: 'scroll.png', mimeType: 'image/png', buffer: Buffer.from(await scrollPhoto()) });
      await page.locator('select[name=sofer]').selectOption(sofer.uuid);
      await page.locator('select[name=megiah]').selectOption(megiah.uuid);
      await page.locator('input[name=writtendate]').fill('2024-01-10');
      await page.locator('input[name=examinateddate]').fill('2024-02-20');
      await page.locator('input[name=font]').fill(lang === 'he' ? 'בית יוסף' : 'Beit Yosef');
      await page.locator('input[name=size]').fill('12 cm');
      await page.locator('main form button[type=submit]').click();
      await page.waitForURL(/\/store\/scrolls\/[0-9a-f-]{36}$/);
      const uuid = page.url().split('/').pop() ?? '';
      const registered = await served.t.db.scrolls.findByUuid(uuid);
      assert.equal(registered?.ownerId, store.id);
      const code = registered?.qrCode ?? '';

      // Its page: the sticker, what a scan shows until the megiah confirms, the sale form beside the credits.
      assert.ok(await imageLoaded(page.locator('img.sticker')), 'the QR sticker loads');
      assert.ok((await page.locator('main').textContent())?.includes(storeScrollWords.unverifiedNotice[lang]));
      assert.ok(await page.locator('form.sale').isVisible());
      await shoot(page, `store-scroll-${name}`);
      const sheet = await download(page, page.locator(`a[href="/store/sticker-sheet.pdf?scroll=${uuid}"]`));
      assert.equal(sheet.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok((await readPdfText(new Uint8Array(sheet))).pages[0].items.some((item) => item.str === code), 'the sheet prints its code');

      // The inventory: compact on a phone, nothing broken mid-token on a desktop; two stickers on one sheet.
      await page.goto('/store/inventory');
      const rows = page.locator('table.inventory tbody tr');
      assert.equal(await rows.count(), STOCK.length + 1);
      const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      // Two short lines: twenty scrolls fit on two screens of a phone rather than twenty.
      if (person.width === 'phone') assert.ok(Math.max(...heights) < 80, `rows ${heights.join(', ')} px high`);
      assert.deepEqual(await brokenAcrossLines(page.locator('table.inventory .code, table.inventory td.size bdi, table.inventory td.registered time')), []);
      await shoot(page, `store-inventory-${name}`);
      await page.locator(`input[name=scroll][value="${uuid}"]`).check();
      const other = await page.locator('input[name=scroll]').last().getAttribute('value');
      await page.locator(`input[name=scroll][value="${other}"]`).check();
      const chosen = await download(page, page.locator('form.stickers button[type=submit]'));
      const printed = (await readPdfText(new Uint8Array(chosen))).pages.flatMap((p) => p.items.map((item) => item.str));
      const otherCode = (await served.t.db.scrolls.findByUuid(other ?? ''))?.qrCode ?? '';
      assert.deepEqual(printed.filter((text) => text === code || text === otherCode), [code, otherCode]);

      // Find it again by its code, typed in lower case, among those awaiting the megiah.
      await page.locator('input[name=q]').fill(code.toLowerCase());
      await page.locator('select[name=status]').selectOption('awaiting');
      await page.locator('form.search button[type=submit]').click();
      await page.waitForURL(/status=awaiting/);
      assert.equal(await rows.count(), 1);
      await shoot(page, `store-inventory-search-${name}`);

      // Sell it from the inventory, to a buyer with an account, by email.
      await page.locator(`a[href="/store/scrolls/${uuid}/sale"]`).click();
      await page.waitForURL(`**/store/scrolls/${uuid}/sale`);
      await shoot(page, `store-sale-${name}`);
      await page.locator('input[name=account]').fill(buyer.email);
      await page.locator('form.sale button[type=submit]').click();
      await page.waitForURL((url) => url.pathname === '/store/sales');
      assert.ok((await page.locator('.notice.ok').textContent())?.includes(saleWords.soldFlash[lang]));
      assert.equal((await served.t.db.scrolls.findByUuid(uuid))?.ownerId, buyer.id);
      assert.equal(await served.t.db.credits.balanceOf(store.id), 0);
      await shoot(page, `store-sold-${name}`);

      // The sales as CSV: the one sale, the buyer's name in its script, opened by a spreadsheet as UTF-8.
      const sales = (await download(page, page.locator('a[href="/store/sales.csv"]'))).toString('utf8');
      assert.ok(sales.startsWith(`${BOM}"mezuzah_uuid","create_time","note","to.uuid","to.username"\r\n`));
      assert.ok(sales.includes(`"${uuid}",`) && sales.includes(`"${buyer.username}"`));

      // No credit left: the next sale is refused, and says why, nothing sold.
      const next = await served.t.db.scrolls.listOwnedBy(store.id, { offset: 0, limit: 1 });
      const nextUuid = next.items[0].uuid;
      await page.goto(`/store/scrolls/${nextUuid}/sale`);
      assert.ok((await page.locator('form.sale .notice.error').textContent())?.includes(saleWords.noCredits[lang]));
      await page.locator('label[for=f-buyer-new]').click();
      // The style sheet shows only the chosen kind of buyer's fields, script or not.
      assert.ok(await page.locator('input[name=username]').isVisible());
      assert.ok(!(await page.locator('input[name=account]').isVisible()));
      await page.locator('input[name=username]').fill(lang === 'he' ? 'רחל לוי' : 'Rachel Levi');
      await page.locator('input[name=email]').fill(`rachel-${name}@example.test`);
      await page.locator('form.sale button[type=submit]').click();
      await page.locator('form.sale .notice.error').first().waitFor();
      assert.ok((await page.locator('main').textContent())?.includes(saleWords.noCreditsRefusal[lang]));
      assert.equal((await served.t.db.scrolls.findByUuid(nextUuid))?.ownerId, store.id);
      await shoot(page, `store-no-credits-${name}`);

      // The inventory and the credit ledger as CSV.
      await page.goto('/store/inventory');
      const inventory = (await download(page, page.locator('a[href="/store/inventory.csv"]'))).toString('utf8');
      assert.equal(inventory.trimEnd().split('\r\n').length, 1 + STOCK.length, 'the header and the scrolls left');
      assert.ok(inventory.includes('"10 ס""מ"'));
      await page.goto('/store');
      await shoot(page, `store-credits-${name}`);
      const ledger = (await download(page, page.locator('a[href="/store/credit-ledger.csv"]'))).toString('utf8');
      assert.deepEqual(
        ledger.slice(1).trimEnd().split('\r\n').map((line) => line.split(',').slice(1, 4)),
        [['"delta"', '"reason"', '"mezuzah_uuid"'], ['"-1"', '"sale"', `"${uuid}"`], ['"1"', '"grant"', '""']],
      );
      await context.close();
    });
  }
});
