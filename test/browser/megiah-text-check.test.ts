// The megiah reviewing a place the computer text check flagged, in Chromium
// over real HTTP (issue 53): a scroll registered with a stored text check that
// holds a finding comes first in the megiah's queue though it is the older;
// its review page shows the place enlarged (the picture loaded from the
// megiah's own route) with the correct and found letters, before the buttons;
// the megiah confirms and is back on the queue. At a phone's width in Hebrew
// and a desktop's in English. Screenshots: test-artifacts/megiah-text-check-<what>-<width>-<lang>.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { runPendingTextChecks } from '../../src/domain/run-text-checks.ts';
import { setPassword } from '../../src/domain/set-password.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { chromiumMissing, openContext, shoot, signIn, WIDTHS, type Person } from '../support/chromium.ts';
import { makeMegiah, makeScroll, makeStore } from '../support/factories.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { textPhoto } from '../support/photos.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

const say = {
  en: { places: '1 place to look at', clean: 'No errors found', kind: 'Wrong letter', aid: 'An aid to the megiah', confirmed: 'Examination confirmed. The scroll is now verified.' },
  he: { places: 'מקום אחד לבדיקה', clean: 'לא נמצאו שגיאות', kind: 'אות שגויה', aid: 'עזר למגיה', confirmed: 'הבדיקה אושרה. המזוזה מאומתת כעת.' },
} as const;

const PEOPLE: readonly Required<Person>[] = [
  { width: 'phone', lang: 'he', javaScript: true },
  { width: 'desktop', lang: 'en', javaScript: true },
];

describe('the megiah reviews a flagged letter in Chromium', { skip: chromiumMissing }, () => {
  for (const person of PEOPLE) {
    const words = say[person.lang];
    const label = `${WIDTHS[person.width]}-${person.lang}`;
    const shot = (page: Page, what: string) => shoot(page, `megiah-text-check-${what}-${label}`);

    test(`${label}: first in the queue, the letter enlarged on its review page, then confirmed`, async () => {
      const store = await makeStore(served.t.deps, { credits: 3 });
      const megiah = await makeMegiah(served.t.deps);
      assert.ok((await setPassword(served.t.deps, megiah, TEST_PASSWORD)).ok);
      // Row 6, column 2 of the double's grid: line 7, word 3, a wrong letter (ד written as ר).
      const flagged = await makeScroll(served.t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto([[6, 2]], { width: 640, height: 800 }) });
      const clean = await makeScroll(served.t.deps, store.account, { megiah: megiah.uuid, photo: await textPhoto([], { width: 640, height: 800 }) });
      await runPendingTextChecks(served.t.deps);
      const stored = await served.t.db.scrollTextChecks.find((await served.t.db.scrolls.findByUuid(flagged.uuid))!.id);
      assert.equal(stored?.state === 'done' && stored.findings.length, 1, 'the stored check holds one finding');

      const context = await openContext(served.browser, served.origin, person);
      const page = await signIn(context, megiah);
      page.on('dialog', (dialog) => void dialog.accept());
      assert.equal(new URL(page.url()).pathname, '/megiah');

      // The flagged scroll first, though registered before the clean one.
      const cards = page.locator('ul.queue > li.card');
      assert.equal(await cards.count(), 2);
      assert.equal(await cards.nth(0).getAttribute('id'), `scroll-${flagged.uuid}`);
      assert.ok(await cards.nth(0).locator('.status.warn', { hasText: words.places }).isVisible());
      assert.ok(await cards.nth(1).locator('.status.ok', { hasText: words.clean }).isVisible());
      await shot(page, 'queue');

      await Promise.all([page.waitForURL(`**/megiah/scrolls/${flagged.uuid}`), cards.nth(0).locator(`a[href="/megiah/scrolls/${flagged.uuid}"]`).click()]);
      const section = page.locator('section.text-check');
      assert.ok(await section.getByText(words.aid).isVisible());
      const finding = section.locator('li.finding');
      assert.equal(await finding.count(), 1);
      assert.ok((await finding.textContent())?.includes(words.kind));
      assert.equal(await finding.locator('.finding-letters .letters').allTextContents().then((texts) => texts.join(' ')), 'ד ר');
      const enlarged = finding.locator('img.finding-crop');
      await enlarged.scrollIntoViewIfNeeded();
      assert.ok(await imageLoaded(enlarged), 'the enlarged letter loaded');
      assert.equal(await enlarged.getAttribute('src'), `/megiah/scrolls/${flagged.uuid}/text-check/1.jpg`);
      const box = await enlarged.boundingBox();
      assert.ok(box !== null && box.width >= 200, `the letter is shown enlarged (${box?.width} px wide)`);
      // The photo with the place outlined, and the place before the buttons.
      assert.ok(await imageLoaded(section.locator('.marked-photo img')));
      assert.equal(await section.locator('.marked-photo rect').count(), 1);
      const confirm = page.locator(`form[action="/megiah/scrolls/${flagged.uuid}/verify"] button[type=submit]`);
      const confirmBox = await confirm.boundingBox();
      assert.ok(box !== null && confirmBox !== null && box.y < confirmBox.y, 'the letter comes before the buttons');
      await shot(page, 'review');

      await Promise.all([page.waitForURL((url) => url.pathname === '/megiah'), confirm.click()]);
      await page.getByText(words.confirmed).waitFor();
      assert.equal(await page.locator(`#scroll-${flagged.uuid}`).count(), 0, 'it leaves the queue');
      assert.equal(await page.locator(`#scroll-${clean.uuid}`).count(), 1);
      assert.equal((await served.t.db.scrolls.findByUuid(flagged.uuid))?.isVerified, true);
      await shot(page, 'confirmed');
      await context.close();
    });
  }
});
