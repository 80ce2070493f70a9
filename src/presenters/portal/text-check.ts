// A text check as people read it: on a scroll's page (the store's, the
// megiah's review) in whatever state it is, and as the answer to a photo on
// /check. The verdict in words, how much was read, each finding listed (its
// kind, place, the correct and found letters, how sure the check is) and
// drawn on the photo; always said to be an aid to the megiah, never a ruling.
import type { ScrollTextCheck, StoredTextFinding, TextReadCounts, TextVerdict } from '../../db/records.ts';
import type { TextFindingKind } from '../../engine/types.ts';
import { MAX_FINDINGS_ENLARGED } from '../../pictures/finding-pictures.ts';
import type { PhotoSize } from '../../pictures/upright-photo.ts';
import { MEZUZAH_LETTER_COUNT, MEZUZAH_LINES, MEZUZAH_WORDS } from '../../text/mezuzah-text.ts';
import { fact, problem, timestamp } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Language, type Words } from './language.ts';
import { findingKindWords, textCheckWords as words } from './words/text-check.ts';

/** The whole text, against which what was read is counted. */
const WHOLE_TEXT: TextReadCounts = { lines: MEZUZAH_LINES.length, words: MEZUZAH_WORDS.flat().length, letters: MEZUZAH_LETTER_COUNT };


/** A box's outline and number stay this share of the photo's long side at least, so a letter's box shows on a small picture. */
const MIN_MARK_SHARE = 1 / 120;
const NUMBER_SHARE = 1 / 35;

/** The pictures a check is shown with. */
export type FindingPictures = {
  /** The picture the boxes are drawn on, and the size of the photo they are measured in; null: nothing is drawn. */
  readonly photo: { readonly src: string; readonly size: PhotoSize } | null;
  /** Where finding `number` (1-based) is shown enlarged (null: that one is not); null: none is. */
  readonly cropOf: ((number: number) => string | null) | null;
};

/** What a check that read the text says. */
export type TextCheckAnswer = { readonly verdict: TextVerdict; readonly findings: readonly StoredTextFinding[]; readonly read: TextReadCounts };

/** A scroll's stored check, pending, failed or done, as a section of its page. Pending, it asks portal.js to look again (`data-state`). */
export function storedTextCheckSection(lang: Language, check: ScrollTextCheck, pictures: FindingPictures): Html {
  const body =
    check.state === 'pending'
      ? html`<div class="verdict none" role="status"><span class="verdict-mark" aria-hidden="true">…</span>
<div><h3>${say(lang, words.pendingTitle)}</h3><p>${say(lang, words.pending)}</p></div></div>`
      : check.state === 'failed'
        ? html`<div class="verdict none" role="status"><span class="verdict-mark" aria-hidden="true">?</span>
<div><h3>${say(lang, words.failedTitle)}</h3><p>${say(lang, words.failed, { when: timestamp(check.checkedAt) })}</p>${problem(check.failure)}</div></div>`
        : textCheckAnswer(lang, check, pictures, check.checkedAt);
  return html`<section class="card text-check" id="text-check" data-state="${check.state}" aria-labelledby="text-check-heading">
<h2 id="text-check-heading">${say(lang, words.heading)}</h2>
<p class="hint">${say(lang, words.aid)}</p>
${body}
</section>`;
}

/** A stored check in a word or two, as a list shows it beside a scroll (the megiah's queue). */
export function textCheckBadge(lang: Language, check: ScrollTextCheck | null): Html {
  if (check === null) return html``;
  if (check.state === 'pending') return html`<span class="status">${say(lang, words.pendingTitle)}</span>`;
  if (check.state === 'failed') return html`<span class="status">${say(lang, words.failedTitle)}</span>`;
  if (check.verdict === 'no_errors_found') return html`<span class="status ok">${say(lang, words.cleanTitle)}</span>`;
  const count = check.findings.length;
  const title = count === 0 ? words.partialTitle : count === 1 ? words.onePlaceTitle : fillWords(words.placesTitle, { count });
  return html`<span class="status warn">${say(lang, title)}</span>`;
}

/** A check's answer: the verdict, what was read, the findings drawn on the photo and listed. */
export function textCheckAnswer(lang: Language, answer: TextCheckAnswer, pictures: FindingPictures, checkedAt: string | null = null): Html {
  const { read, findings } = answer;
  const partial = read.letters < WHOLE_TEXT.letters;
  const counted = (label: Words, done: number, total: number) => fact(lang, label, say(lang, words.readOf, { read: done, total }));
  return html`<div data-verdict="${answer.verdict}">
${verdictBox(lang, answer)}
<dl class="facts">
${counted(words.linesRead, read.lines, WHOLE_TEXT.lines)}
${counted(words.wordsRead, read.words, WHOLE_TEXT.words)}
${counted(words.lettersRead, read.letters, WHOLE_TEXT.letters)}
${checkedAt === null ? '' : fact(lang, words.checkedAt, timestamp(checkedAt))}
</dl>
${partial && findings.length > 0 ? html`<p class="notice info" role="status">${say(lang, words.partial, { letters: read.letters, total: WHOLE_TEXT.letters })}</p>` : ''}
${findings.length > 0 && pictures.photo !== null ? markedPhoto(lang, pictures.photo, findings) : ''}
${findings.length === 0 ? '' : findingList(lang, findings, pictures.cropOf)}
</div>`;
}

function verdictBox(lang: Language, answer: TextCheckAnswer): Html {
  const count = answer.findings.length;
  const [kind, mark, title, text]: [string, string, Words, Html] =
    answer.verdict === 'no_errors_found'
      ? ['ok', '✓', words.cleanTitle, say(lang, words.clean, { letters: answer.read.letters })]
      : count === 0
        ? ['warn', '!', words.partialTitle, say(lang, words.partial, { letters: answer.read.letters, total: WHOLE_TEXT.letters })]
        : ['warn', '!', count === 1 ? words.onePlaceTitle : fillWords(words.placesTitle, { count }), say(lang, words.places)];
  return html`<div class="verdict ${kind}" role="status"><span class="verdict-mark" aria-hidden="true">${mark}</span>
<div><h3>${say(lang, title)}</h3><p>${text}</p></div></div>`;
}

/** The photo with each finding's box outlined and numbered: an SVG over the image in the photo's own pixels, so it scales with it. */
function markedPhoto(lang: Language, photo: NonNullable<FindingPictures['photo']>, findings: readonly StoredTextFinding[]): Html {
  const { width, height } = photo.size;
  const long = Math.max(width, height);
  const least = long * MIN_MARK_SHARE;
  const fontSize = Math.round(long * NUMBER_SHARE);
  const marks = findings.map((finding, index) => {
    const [x, y, w, h] = finding.box;
    const grownW = Math.max(w, least);
    const grownH = Math.max(h, least);
    const left = Math.round(x - (grownW - w) / 2);
    const top = Math.round(y - (grownH - h) / 2);
    return html`<g><rect x="${left}" y="${top}" width="${Math.round(grownW)}" height="${Math.round(grownH)}"/><text x="${left}" y="${Math.max(fontSize, top - 4)}" font-size="${fontSize}">${index + 1}</text></g>`;
  });
  return html`<figure class="marked-photo"><div class="frame"><img src="${photo.src}" alt="${words.photoAlt[lang]}">
<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" aria-hidden="true" focusable="false">${marks}</svg></div>
<figcaption>${say(lang, words.photoCaption)}</figcaption></figure>`;
}

function findingList(lang: Language, findings: readonly StoredTextFinding[], cropOf: FindingPictures['cropOf']): Html {
  const items = findings.map((finding, index) => {
    const number = index + 1;
    const src = cropOf === null || number > MAX_FINDINGS_ENLARGED ? null : cropOf(number);
    const crop = src === null ? '' : html`<img class="finding-crop" src="${src}" alt="${fillWords(words.cropAlt, { number })[lang]}">`;
    return html`<li class="finding" id="finding-${number}" data-kind="${finding.kind}">
<h3><span class="finding-number">${number}</span> ${say(lang, kindWords(finding.kind))}</h3>
<p>${positionOf(lang, finding)}</p>
<dl class="finding-letters">
<div><dt>${say(lang, words.expected)}</dt><dd>${letters(lang, finding.expected)}</dd></div>
<div><dt>${say(lang, words.found)}</dt><dd>${letters(lang, finding.found)}</dd></div>
<div><dt>${say(lang, words.confidence)}</dt><dd><bdi dir="ltr">${Math.round(finding.confidence * 100)}%</bdi></dd></div>
</dl>
${crop}
</li>`;
  });
  const more =
    cropOf !== null && findings.length > MAX_FINDINGS_ENLARGED
      ? html`<p class="hint">${say(lang, words.notEnlarged, { count: MAX_FINDINGS_ENLARGED })}</p>`
      : '';
  return html`<ol class="findings">${items}</ol>${more}`;
}

function kindWords(kind: string): Words {
  return Object.hasOwn(findingKindWords, kind) ? findingKindWords[kind as TextFindingKind] : { en: kind, he: kind };
}

/** Letters of the text in Hebrew, large; "nothing" where there are none (the missing or extra kinds). */
function letters(lang: Language, text: string): Html {
  return text === '' ? html`<span class="nothing">${say(lang, words.nothing)}</span>` : html`<bdi class="letters" lang="he" dir="rtl">${text}</bdi>`;
}

/** Where in the text a finding is, as its kind counts its place (engine/types.ts, TextFinding). */
function positionOf(lang: Language, finding: StoredTextFinding): Html {
  const { line, word, letter } = finding;
  switch (finding.kind) {
    case 'missing_word':
      return say(lang, words.wordAt, { line, word });
    case 'extra_word':
      return word === 0 ? say(lang, words.beforeFirstWord, { line }) : say(lang, words.afterWord, { line, word });
    default:
      if (letter === null) return say(lang, words.wordAt, { line, word });
      if (finding.kind === 'extra_letter') return letter === 0 ? say(lang, words.beforeFirstLetter, { line, word }) : say(lang, words.afterLetter, { line, word, letter });
      if (finding.kind === 'swapped_letters' || finding.kind === 'touching_letters') return say(lang, words.lettersAt, { line, word, letter, next: letter + 1 });
      return say(lang, words.letterAt, { line, word, letter });
  }
}
