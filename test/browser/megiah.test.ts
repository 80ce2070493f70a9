// The megiah's decisions in Chromium over real HTTP: confirm one scroll,
// confirm several at once, reject one with a reason (after the form refused a
// reason without its note); then the store reads the decision and the reason
// on the scroll's page and in its inventory, and the rejected scroll's QR
// page stays "not found". At a phone's and a desktop's width, in English and
// Hebrew, with JavaScript on and off (every form works without it).
// Screenshots: test-artifacts/megiah-<what>-<width>-<lang>.png (JavaScript on;
// -nojs- in the name for a few taken with it off), and the rejected scroll's
// certificate as the store downloads it, megiah-certificate-rejected.png.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Account } from '../../src/db/records.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { ARTIFACTS, chromiumMissing, openContext, shoot, signIn, WIDTHS, type Person } from '../support/chromium.ts';
import { makeMegiah, makeScroll, makeStore } from '../support/factories.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

/** What each step must show, in the language of the page. */
const say = {
  en: {
    queueTitle: 'Scrolls awaiting your examination',
    confirmed: 'Examination confirmed. The scroll is now verified.',
    bulkConfirmed: 'The chosen scrolls are confirmed and now verified.',
    noteRequired: 'note is required when reason is other.',
    rejected: 'Rejected. The store sees your reason',
    reason: 'Invalid letter form (touching, broken)',
    historyTitle: 'Your decisions',
    storeHeading: 'The megiah rejected this scroll',
    badge: 'Rejected by the megiah',
  },
  he: {
    queueTitle: 'מזוזות הממתינות לאישור הבדיקה שלך',
    confirmed: 'הבדיקה אושרה. המזוזה מאומתת כעת.',
    bulkConfirmed: 'המזוזות שנבחרו אושרו ומאומתות כעת.',
    // The domain's validation messages are the API's, in English, on every page.
    noteRequired: 'note is required when reason is other.',
    rejected: 'נדחתה. החנות רואה את הסיבה',
    reason: 'צורת אות פסולה (נוגעת, שבורה)',
    historyTitle: 'ההחלטות שלך',
    storeHeading: 'המגיה דחה מזוזה זו',
    badge: 'נדחתה על ידי המגיה',
  },
} as const;

const PEOPLE: readonly Required<Person>[] = (['phone', 'desktop'] as const).flatMap((width) =>
  (['en', 'he'] as const).flatMap((lang) => [true, false].map((javaScript) => ({ width, lang, javaScript }))),
);

/** Megiahs' usernames are unique; one per person of each language. */
const NAMES = {
  en: ['Rav Levi', 'Rav Cohen', 'Rav Katz', 'Rav Stern'],
  he: ['הרב יוסף לוי', 'הרב משה כהן', 'הרב דוד כץ', 'הרב אהרן שטרן'],
} as const;

async function withPassword(account: Account): Promise<Account> {
  assert.ok((await setPassword(served.t.deps, account, TEST_PASSWORD)).ok);
  return account;
}

/** Submits by clicking, and waits for the page the server answers with (a redirect's target, or a refusal). */
async function submit(page: Page, button: string): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.locator(button).click()]);
}

describe("the megiah's decisions in Chromium", { skip: chromiumMissing }, () => {
  for (const person of PEOPLE) {
    const width = WIDTHS[person.width];
    const { lang } = person;
    const words = say[lang];
    const label = `${person.javaScript ? '' : 'nojs-'}${width}-${lang}`;
    /** JavaScript on: every screenshot; off: the few that show the forms working without it. */
    const shot = async (page: Page, what: string, always = false) => {
      if (person.javaScript || always) await shoot(page, `megiah-${what}-${label}`);
    };

    test(`${label}: confirm one, confirm two at once, reject one with a reason; the store sees it, its QR stays not found`, async () => {
      const store = await makeStore(served.t.deps, { credits: 3 });
      await withPassword(store.account);
      const megiah = await withPassword(await makeMegiah(served.t.deps, { username: NAMES[lang][PEOPLE.filter((other) => other.lang === lang).indexOf(person)] }));
      const made = async (font: string) => makeScroll(served.t.deps, store.account, { megiah: megiah.uuid, font, size: '12 cm' });
      const single = await made('Beit Yosef');
      const pair = [await made('Ari'), await made('Vellish')];
      const rejected = await made('Sefardi');

      const megiahContext = await openContext(served.browser, served.origin, person);
      const page = await signIn(megiahContext, megiah);
      // With JavaScript, each form asks before it acts; the person agrees.
      page.on('dialog', (dialog) => void dialog.accept());
      assert.equal(new URL(page.url()).pathname, '/megiah', 'a megiah lands on the queue');
      assert.equal(await page.locator('h1').textContent(), words.queueTitle);
      assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');
      await shot(page, 'queue');

      // One.
      await submit(page, `form[action="/megiah/scrolls/${single.uuid}/verify"] button[type=submit]`);
      await page.getByText(words.confirmed).waitFor();
      assert.equal(await page.locator(`#scroll-${single.uuid}`).count(), 0, 'it leaves the queue');

      // Two at once: their checkboxes belong to the form above the list; the button below the list submits it.
      for (const scroll of pair) await page.locator(`input[type=checkbox][value="${scroll.uuid}"]`).check();
      await submit(page, 'button[form="confirm-chosen"]');
      await page.getByText(words.bulkConfirmed).waitFor();
      for (const scroll of pair) {
        assert.equal(await page.locator(`#scroll-${scroll.uuid}`).count(), 0);
        assert.equal((await served.t.db.scrolls.findByUuid(scroll.uuid))?.isVerified, true);
      }
      await shot(page, 'confirmed');

      // Reject: "other" without a note is refused, the form comes back open with the choice kept.
      const card = page.locator(`#scroll-${rejected.uuid}`);
      await card.locator('details.reject summary').click();
      await card.locator(`#reason-${rejected.uuid}`).selectOption('other');
      await submit(page, `#scroll-${rejected.uuid} details.reject button[type=submit]`);
      await page.getByText(words.noteRequired).waitFor();
      assert.equal(await page.locator(`#scroll-${rejected.uuid} details.reject`).getAttribute('open'), '');
      assert.equal(await page.locator(`#reason-${rejected.uuid}`).inputValue(), 'other');
      await shot(page, 'reject-refused', !person.javaScript && person.width === 'phone');

      await page.locator(`#reason-${rejected.uuid}`).selectOption('invalid_letter_form');
      await page.locator(`#note-${rejected.uuid}`).fill('The shin in line 3 touches the line above.\nSend it back to the sofer.');
      await shot(page, 'reject-form', !person.javaScript && person.width === 'phone');
      await submit(page, `#scroll-${rejected.uuid} details.reject button[type=submit]`);
      await page.getByText(words.rejected).waitFor();
      assert.equal(await page.locator(`#scroll-${rejected.uuid}`).count(), 0, 'a rejected scroll leaves the queue');
      const stored = await served.t.db.scrolls.findByUuid(rejected.uuid);
      assert.equal(stored?.rejection?.reason, 'invalid_letter_form');
      assert.equal(stored?.rejection?.note, 'The shin in line 3 touches the line above.\nSend it back to the sofer.');
      await shot(page, 'rejected');

      // The history: newest first, the rejection with its reason and note.
      await page.goto('/megiah/history');
      assert.equal(await page.locator('h1').textContent(), words.historyTitle);
      const rows = page.locator('table.history tbody tr');
      assert.equal(await rows.count(), 4);
      assert.ok((await rows.first().textContent())?.includes(words.reason), 'the rejection comes first');
      assert.ok((await rows.first().textContent())?.includes('Send it back to the sofer.'));
      assert.ok((await rows.last().textContent())?.includes(single.qrCode), 'the first confirmation comes last');
      await shot(page, 'history');
      await megiahContext.close();

      // The store: the decision, the reason and the note on the scroll's page; the inventory marks it.
      const storeContext = await openContext(served.browser, served.origin, person);
      const storePage = await signIn(storeContext, store.account);
      await storePage.goto(`/store/scrolls/${rejected.uuid}`);
      const notice = storePage.locator('.notice.rejection');
      assert.equal(await notice.locator('h2').textContent(), words.storeHeading);
      const noticeText = (await notice.textContent()) ?? '';
      for (const text of [words.reason, 'The shin in line 3 touches the line above.', megiah.username]) {
        assert.ok(noticeText.includes(text), `the store's page lacks ${text}`);
      }
      assert.ok(await storePage.locator('.status.bad', { hasText: words.badge }).first().isVisible());
      await shot(storePage, 'store-scroll', !person.javaScript && person.width === 'phone');
      if (PEOPLE.indexOf(person) === 0) {
        // The certificate the store downloads from that page says so too (once: rendering costs a second).
        const pdf = await storeContext.request.get(`/store/scrolls/${rejected.uuid}/certificate.pdf`);
        assert.equal(pdf.status(), 200);
        const text = (await readPdfText(new Uint8Array(await pdf.body()))).pages[0].items.map((item) => item.str);
        assert.ok(text.includes('REJECTED BY THE MEGIAH'));
        assert.ok(text.some((item) => item.includes('Invalid letter form (touching, broken)')));
        const png = await storeContext.request.get(`/store/scrolls/${rejected.uuid}/certificate.png`);
        assert.equal(png.headers()['content-type'], 'image/png');
        await writeFile(`${ARTIFACTS}megiah-certificate-rejected.png`, await png.body());
      }
      await storePage.goto('/store/inventory');
      assert.ok(await storePage.locator('tr', { hasText: rejected.qrCode }).locator('.status.bad', { hasText: words.badge }).isVisible());
      await shot(storePage, 'store-inventory');

      // A buyer scanning its sticker: not found, as for an unknown code; the confirmed ones resolve.
      const scanned = await storePage.goto(`/q/${rejected.qrCode}`);
      assert.equal(scanned?.status(), 404);
      assert.ok(await storePage.getByText('No verified mezuzah has this code').isVisible());
      assert.equal(await storePage.getByText('awaiting the examiner').count(), 0, 'not "awaiting": the megiah has decided');
      await shot(storePage, 'qr-rejected');
      for (const scroll of [single, ...pair]) assert.equal((await storePage.goto(`/q/${scroll.qrCode}`))?.status(), 200);
      await storeContext.close();
    });
  }
});
