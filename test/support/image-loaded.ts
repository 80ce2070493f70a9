import type { Locator } from 'playwright-core';

/**
 * Whether an image in the page loaded with pixels. Waits for it to finish
 * loading first: a page shown after a form's POST has its text before its
 * images, so reading naturalWidth at once races the image's request.
 */
export async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) =>
    img.complete ? img.naturalWidth > 0 : new Promise<boolean>((resolve) => {
      img.addEventListener('load', () => resolve(img.naturalWidth > 0), { once: true });
      img.addEventListener('error', () => resolve(false), { once: true });
    }),
  );
}
