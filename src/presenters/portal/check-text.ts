// POST /check/text: the computer text check of the visitor's photo, as the
// API's text-check answers it: the verdict, what was read, and each finding
// drawn on the photo and enlarged. The photo is not kept, so its pictures
// travel inside the page (data: URLs; respond.ts lets this page show them).
import type { TextCheckOnUpload } from '../../domain/check-scroll-text-on-photo.ts';
import { checkForm } from './check-scroll.ts';
import { html } from './html.ts';
import { say } from './language.ts';
import { renderPage } from './layout.ts';
import { textCheckAnswer, type FindingPictures } from './text-check.ts';
import type { ViewContext } from './view-context.ts';
import { checkWords } from './words/check-scroll.ts';
import { checkTextWords as words } from './words/check-text.ts';
import { textCheckWords } from './words/text-check.ts';

const jpegDataUrl = (jpeg: Uint8Array) => `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;

export function renderTextCheckResult(ctx: ViewContext, result: TextCheckOnUpload): string {
  const { lang } = ctx;
  const { check } = result;
  const shown = result.pictures;
  const pictures: FindingPictures =
    shown === null
      ? { photo: null, cropOf: null }
      : {
          photo: { src: jpegDataUrl(shown.shown), size: shown.size },
          cropOf: (number) => {
            const crop = shown.crops[number - 1];
            return crop === undefined ? null : jpegDataUrl(crop);
          },
        };
  return renderPage(ctx, {
    title: words.title,
    body: html`<section class="result text-check" data-status="success">
<h2>${say(lang, textCheckWords.heading)}</h2>
<p class="hint">${say(lang, textCheckWords.aid)}</p>
${textCheckAnswer(lang, check, pictures)}
${check.findings.length > 0 && shown === null ? html`<p class="notice info" role="status">${say(lang, words.noPictures)}</p>` : ''}
<p><small>${say(lang, words.notKept)}</small></p>
</section>
<div class="card"><h2>${say(lang, checkWords.another)}</h2>${checkForm(ctx)}</div>`,
  });
}
