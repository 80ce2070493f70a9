import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import {
  drawTextErrors,
  errorBoxInPhoto,
  errorBoxMm,
  makeScribe,
  makeScroll,
  photographScroll,
  renderScroll,
  type Box,
  type Scroll,
  type SheetTexture,
  type ShotSpec,
  type TextErrorKind,
} from '../../tools/synth/index.ts';

/** Flat sheets at about 30 px a letter, as a 3 MP registration photo shows them. */
const LETTER_PX = 30;

const luminance = (data: Uint8ClampedArray | Buffer, o: number): number => 0.3 * data[o] + 0.59 * data[o + 1] + 0.11 * data[o + 2];

type Components = { readonly x0: number; readonly y0: number; readonly width: number; readonly height: number; readonly labels: Int32Array; readonly sizes: number[] };

/** 8-connected components of the ink (darker than halfway from parchment to ink) in the sheet's pixels over `region` (mm). */
function inkComponents(scroll: Scroll, sheet: SheetTexture, region: Box): Components {
  const px = sheet.pxPerMm;
  const x0 = Math.max(0, Math.floor(region.x * px));
  const y0 = Math.max(0, Math.floor(region.y * px));
  const width = Math.min(sheet.width, Math.ceil((region.x + region.width) * px)) - x0;
  const height = Math.min(sheet.height, Math.ceil((region.y + region.height) * px)) - y0;
  const threshold = (luminance(new Uint8ClampedArray(scroll.ink.rgb), 0) + luminance(new Uint8ClampedArray(scroll.parchment.rgb), 0)) / 2;
  const dark = (i: number): boolean => luminance(sheet.data, ((y0 + Math.floor(i / width)) * sheet.width + x0 + (i % width)) * 4) < threshold;
  const labels = new Int32Array(width * height);
  const sizes = [0];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] || !dark(start)) continue;
    const label = sizes.length;
    const stack = [start];
    labels[start] = label;
    let size = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * width + x + dx;
          if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height || labels[j] || !dark(j)) continue;
          labels[j] = label;
          stack.push(j);
        }
      }
    }
    sizes.push(size);
  }
  return { x0, y0, width, height, labels, sizes };
}

/** Labels with at least a few pixels inside box `inside` (mm) but outside box `outside`. */
function labelsWithin(c: Components, px: number, inside: Box, outside?: Box): Set<number> {
  const within = (b: Box, x: number, y: number): boolean => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
  const count = new Map<number, number>();
  for (let y = 0; y < c.height; y++) {
    for (let x = 0; x < c.width; x++) {
      const label = c.labels[y * c.width + x];
      const mx = (c.x0 + x + 0.5) / px;
      const my = (c.y0 + y + 0.5) / px;
      if (label && within(inside, mx, my) && !(outside && within(outside, mx, my))) count.set(label, (count.get(label) ?? 0) + 1);
    }
  }
  return new Set([...count].filter(([, n]) => n >= 3).map(([label]) => label));
}

/** The pieces a letter's ink makes: components mostly inside its box, not specks. */
function pieces(c: Components, px: number, box: Box): number {
  const inside = labelsWithin(c, px, box);
  let total = 0;
  const within = new Map<number, number>();
  for (let i = 0; i < c.labels.length; i++) {
    const label = c.labels[i];
    const mx = (c.x0 + (i % c.width) + 0.5) / px;
    const my = (c.y0 + Math.floor(i / c.width) + 0.5) / px;
    if (inside.has(label) && mx >= box.x && mx <= box.x + box.width && my >= box.y && my <= box.y + box.height) {
      within.set(label, (within.get(label) ?? 0) + 1);
      total++;
    }
  }
  return [...within].filter(([label, n]) => n >= 0.6 * c.sizes[label] && n >= 0.03 * total).length;
}

const grow = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });

/** A scroll with one error of `kind` drawn at random, and the same scroll clean. */
function pair(kind: TextErrorKind, n: number): { clean: Scroll; sut: Scroll } {
  const scribe = makeScribe(300 + n);
  return { clean: makeScroll(scribe, n), sut: makeScroll(scribe, n, drawTextErrors(n, [kind], scribe.font)) };
}

test('touching letters’ ink joins: one component holds both letters, where the clean scroll has two', async () => {
  for (let n = 0; n < 6; n++) {
    const { clean, sut } = pair('touching_letters', n);
    const px = LETTER_PX / sut.letterHeightMm;
    const [sheetClean, sheet] = await Promise.all([renderScroll(clean, px), renderScroll(sut, px)]);
    const [a, b] = sut.errors![0].letters.map((k) => sut.letters[k]);
    const [ca, cb] = [clean.letters[a.index], clean.letters[b.index]];
    const joined = (scroll: Scroll, texture: SheetTexture, first: Box, second: Box): boolean => {
      const c = inkComponents(scroll, texture, grow({ x: second.x, y: Math.min(first.y, second.y), width: first.x + first.width - second.x, height: Math.max(first.y + first.height, second.y + second.height) - Math.min(first.y, second.y) }, scroll.letterHeightMm * 0.5));
      const inFirst = labelsWithin(c, px, first, second);
      return [...labelsWithin(c, px, second, first)].some((label) => inFirst.has(label));
    };
    assert.equal(joined(clean, sheetClean, ca.box, cb.box), false, `${sut.errors![0].error.expected}: apart on the clean scroll`);
    assert.equal(joined(sut, sheet, a.box, b.box), true, `${sut.errors![0].error.expected} (${sut.font}): joined`);
  }
});

test('a broken letter’s ink splits: one piece more than on the clean scroll', async () => {
  for (let n = 0; n < 6; n++) {
    const { clean, sut } = pair('broken_letter', n);
    const px = LETTER_PX / sut.letterHeightMm;
    const [sheetClean, sheet] = await Promise.all([renderScroll(clean, px), renderScroll(sut, px)]);
    const letter = sut.letters[sut.errors![0].letters[0]];
    const lh = sut.letterHeightMm;
    // The letter with its crowns, not its neighbours.
    const box: Box = { x: letter.box.x - 0.1 * lh, y: letter.box.y - 0.35 * lh, width: letter.box.width + 0.2 * lh, height: letter.box.height + 0.45 * lh };
    const before = pieces(inkComponents(clean, sheetClean, grow(box, lh * 0.5)), px, box);
    const after = pieces(inkComponents(sut, sheet, grow(box, lh * 0.5)), px, box);
    assert.ok(after > before, `${letter.char} (${sut.font}): ${before} → ${after} pieces`);
  }
});

/** The scroll with only the letters that show its first error (and no blots), and the same scroll with no letters at all. */
function errorInkOnly(scroll: Scroll): { only: Scroll; blank: Scroll } {
  const error = scroll.errors![0];
  const letters = error.letters.map((k) => scroll.letters[k]);
  const ink = { ...scroll.ink, blots: [] };
  return {
    only: { ...scroll, letters, ink, errors: [{ ...error, letters: letters.map((_, k) => k) }] },
    blank: { ...scroll, letters: [], ink, errors: [] },
  };
}

const KINDS: readonly TextErrorKind[] = ['extra_letter', 'wrong_letter', 'swapped_letters', 'touching_letters', 'broken_letter', 'extra_word'];

test('the box of an error covers its ink, on the sheet and in a registration photo', async () => {
  for (const [n, kind] of KINDS.entries()) {
    const { sut } = pair(kind, 10 + n);
    const { only, blank } = errorInkOnly(sut);
    const box = errorBoxMm(only, only.errors![0]);
    const px = LETTER_PX / sut.letterHeightMm;
    const [inked, bare] = await Promise.all([renderScroll(only, px), renderScroll(blank, px)]);
    let outside = 0;
    let ink = 0;
    const extent = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (let y = 0; y < inked.height; y++) {
      for (let x = 0; x < inked.width; x++) {
        const o = (y * inked.width + x) * 4;
        if (luminance(bare.data, o) - luminance(inked.data, o) < 20) continue;
        ink++;
        if (!(x + 1 >= box.x * px && x <= (box.x + box.width) * px + 1 && y + 1 >= box.y * px && y <= (box.y + box.height) * px + 1)) outside++;
        Object.assign(extent, { x0: Math.min(extent.x0, x), y0: Math.min(extent.y0, y), x1: Math.max(extent.x1, x + 1), y1: Math.max(extent.y1, y + 1) });
      }
    }
    assert.ok(ink > 50, `${kind}: ink drawn`);
    assert.equal(outside, 0, `${kind}: ${outside} of ${ink} ink pixels outside the box on the sheet`);
    // And it is the ink's box, not a generous one: no side more than a third of a letter beyond the ink.
    const slack = [extent.x0 - box.x * px, extent.y0 - box.y * px, (box.x + box.width) * px - extent.x1, (box.y + box.height) * px - extent.y1];
    assert.ok(Math.max(...slack) < LETTER_PX / 3, `${kind}: the box exceeds the ink by ${slack.map((v) => v.toFixed(1)).join(', ')} px`);

    const spec: ShotSpec = { kind: 'registration', seed: n, megapixels: 3 };
    const [photo, empty] = await Promise.all([photographScroll(only, spec), photographScroll(blank, spec)]);
    const [a, b] = await Promise.all([photo.jpeg, empty.jpeg].map((jpeg) => sharp(jpeg).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })));
    const [bx, by, bw, bh] = errorBoxInPhoto(only, only.errors![0], spec, photo.info)!;
    let stray = 0;
    let seen = 0;
    for (let y = 0; y < a.info.height; y++) {
      for (let x = 0; x < a.info.width; x++) {
        const o = (y * a.info.width + x) * 3;
        // Ink darkens by well over 60; JPEG blocks around it move a pixel by far less.
        if (luminance(b.data, o) - luminance(a.data, o) < 60) continue;
        seen++;
        if (x < bx || x >= bx + bw || y < by || y >= by + bh) stray++;
      }
    }
    assert.ok(seen > 20, `${kind}: ink seen in the photo`);
    const letterPx = photo.info.pxPerMm * sut.letterHeightMm;
    assert.ok(bw < errorBoxMm(only, only.errors![0]).width * photo.info.pxPerMm * 1.2 + letterPx / 2, `${kind}: the photo's box is the sheet's box, cast`);
    assert.equal(stray, 0, `${kind}: ${stray} of ${seen} ink pixels outside the box [${bx}, ${by}, ${bw}, ${bh}] in the photo`);
  }
});
