// The text check on /check in Chromium (issue 53): a visitor chooses a photo
// and presses the second button; the answer shows the verdict, what was read
// and the findings drawn on the visitor's own photo, which the page's
// Content-Security-Policy lets it show from inside the page (the photo is kept
// nowhere), each place enlarged. At a phone's width in English and Hebrew.
// Screenshots: test-artifacts/check-text-<width>-<lang>.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chromiumMissing, openContext, shoot, WIDTHS, type Person } from '../support/chromium.ts';
import { imageLoaded } from '../support/image-loaded.ts';
import { textPhoto } from '../support/photos.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';

const served = servedInChromium();

const say = {
  en: { button: 'Check the text, letter by letter', places: '2 places to look at', aid: 'An aid to the megiah' },
  he: { button: 'בדיקת הטקסט, אות אחר אות', places: '2 מקומות לבדיקה', aid: 'עזר למגיה' },
} as const;

const PEOPLE: readonly Required<Person>[] = [
  { width: 'phone', lang: 'en', javaScript: true },
  { width: 'phone', lang: 'he', javaScript: true },
];

describe('a visitor checks the text of a photo in Chromium', { skip: chromiumMissing }, () => {
  for (const person of PEOPLE) {
    const words = say[person.lang];
    test(`${WIDTHS[person.width]}-${person.lang}: the findings drawn on the visitor's own photo, each enlarged`, async () => {
      const context = await openContext(served.browser, served.origin, person);
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await page.goto('/check');
      const photo = await textPhoto([[4, 1], [12, 9]], { width: 480, height: 640 });
      await page.locator('input[name=image]').setInputFiles({ name: 'IMG_0002.png', mimeType: 'image/png', buffer: Buffer.from(photo) });
      await Promise.all([page.waitForURL('**/check/text'), page.getByRole('button', { name: words.button }).click()]);
      const section = page.locator('section.text-check');
      assert.ok(await section.getByText(words.aid).first().isVisible());
      assert.ok(await section.getByText(words.places).isVisible());
      assert.ok(await imageLoaded(section.locator('.marked-photo img')), "the visitor's photo shows, from inside the page");
      assert.equal(await section.locator('.marked-photo rect').count(), 2);
      const crops = section.locator('img.finding-crop');
      assert.equal(await crops.count(), 2);
      for (let i = 0; i < 2; i++) {
        await crops.nth(i).scrollIntoViewIfNeeded();
        assert.ok(await imageLoaded(crops.nth(i)), `place ${i + 1} enlarged`);
      }
      assert.deepEqual(blocked, [], 'nothing blocked by the page’s policy');
      await shoot(page, `check-text-${WIDTHS[person.width]}-${person.lang}`);
      await context.close();
    });
  }
});
