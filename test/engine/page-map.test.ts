import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordEndsHoldTogether } from '../../src/engine/reader/image-context.ts';
import type { WordEnd } from '../../src/engine/recognise-layout.ts';
import { applyHomography, fitHomography } from '../../src/engine/homography.ts';
import { normaliseWordEnds } from '../../src/engine/page-map.ts';
import { CANONICAL_X, CANONICAL_Y, LINE_PITCH, WORD_END_COUNT } from '../../src/engine/template.ts';
import { createRandom, deriveSeed } from '../../tools/synth/random.ts';

/** The perspective the word ends of these tests are seen in: the page's corners to a photo's pixels. */
const bottom = CANONICAL_Y[WORD_END_COUNT - 1];
const toPhoto = fitHomography([0, 1, 0, 1], [0, 0, bottom, bottom], [130, 910, 60, 980], [90, 140, 1010, 950], null)!;

// The text's word ends at their places on the page, moved by a hand's drift of
// up to `drift` column widths each way, bowed down the lines by
// `bow` × (X − ½)² (a curled sheet seen at a tilt), then seen in perspective.
function photographedEnds(bow: number, drift = 0): WordEnd[] {
  const random = createRandom(deriveSeed('page-map', 'hand'));
  return Array.from({ length: WORD_END_COUNT }, (_, key) => {
    const X = CANONICAL_X[key] + random.uniform(-drift, drift);
    const Y = CANONICAL_Y[key] + random.uniform(-drift, drift);
    const [x, y] = applyHomography(toPhoto, X, Y + bow * (CANONICAL_X[key] - 0.5) ** 2);
    return { key, x, y };
  });
}

/** How far each normalised word end lies from its place in the layout, column widths. */
function errors(ends: WordEnd[]): number[] {
  const points = normaliseWordEnds(ends);
  assert.ok(points, 'reads as the text');
  return Array.from(points.keys, (key, i) => Math.hypot(points.xs[i] - CANONICAL_X[key], points.ys[i] - CANONICAL_Y[key]));
}

const largestError = (bow: number) => Math.max(...errors(photographedEnds(bow)));

test('a page whose lines bow (a curled scroll seen at a tilt) is put back on the layout, not only its best homography', () => {
  // A homography alone leaves the bow's 0.08 × ¼ = 0.02 column widths at the
  // line ends, twice the fit's residual scale, and bends every line's ends.
  for (const bow of [0.08, -0.12]) {
    const error = largestError(bow);
    assert.ok(error < 1e-3, `bow ${bow}: largest error ${error}`);
  }
});

test('a flat page is put back on the layout exactly', () => {
  const error = largestError(0);
  assert.ok(error < 1e-6, `largest error ${error}`);
});

test('whether ends read as the text is decided by the map kept: a bowed page reads by what its bow brings into agreement', () => {
  // With this drift and bow, 61 of the 340 ends (17.9%) agree with the best
  // homography and 80 (23.5%) with the homography and the true bow: a scroll
  // needs 20%, and k² / n 15 (10.9 flat, 18.8 bowed). Counted flat, as before
  // 2026-11-26, these ends did not read.
  const points = normaliseWordEnds(photographedEnds(-0.18, 0.018));
  assert.ok(points, 'reads as the text');
  assert.equal(points.keys.length, WORD_END_COUNT);
  // The same drift on a flat page: what agrees is what a homography holds.
  assert.ok(normaliseWordEnds(photographedEnds(0, 0.018)), 'a flat page reads');
});

test('a reading that holds together (a drifting hand) skips the line-frame opinion; one with words tied a place off does not', () => {
  // A hand drifting up to 0.015 column widths each way: under 45% of the ends lie
  // within the fit's 0.01 of the layout, so by that count alone the reading would
  // take the line frame, but nearly all lie within 0.02 of it.
  const drifting = photographedEnds(0, 0.015);
  const close = errors(drifting).filter((error) => error < 0.01).length;
  assert.ok(close < 0.45 * drifting.length, `${close} of ${drifting.length} ends within 0.01 of the layout`);
  assert.equal(wordEndsHoldTogether(drifting), true);
  // The same ends, those of every other text line tied one word on along its line.
  let line = 0;
  const misread = drifting.map((e) => {
    if (e.key > 0 && CANONICAL_Y[e.key] !== CANONICAL_Y[e.key - 1]) line++;
    const next = e.key + 2;
    return line % 2 === 1 && next < WORD_END_COUNT && CANONICAL_Y[next] === CANONICAL_Y[e.key] ? { ...e, key: next } : e;
  });
  assert.equal(wordEndsHoldTogether(misread), false);
});

/**
 * `total` of the text's word ends, seen in perspective: `agreeing` of them,
 * spread over the page, at their places in the layout, the rest a few letters
 * to a word off along their line and up to a line across (words tied to the
 * wrong place, as other text is read).
 */
function partlyAgreeingEnds(agreeing: number, total: number): WordEnd[] {
  const random = createRandom(deriveSeed('page-map', 'chance', agreeing, total));
  return Array.from({ length: total }, (_, k) => {
    const key = Math.floor((k * WORD_END_COUNT) / total);
    // `agreeing` of the `total`, evenly spread: end k is placed where the running count steps.
    const placed = Math.floor(((k + 1) * agreeing) / total) > Math.floor((k * agreeing) / total);
    // Off by a few letters to a word along its line, and up to a line across.
    const along = (random.next() < 0.5 ? -1 : 1) * random.uniform(0.02, 0.1);
    const across = random.int(-1, 1) * LINE_PITCH;
    const [X, Y] = placed ? [CANONICAL_X[key], CANONICAL_Y[key]] : [CANONICAL_X[key] + along, CANONICAL_Y[key] + across];
    const [x, y] = applyHomography(toPhoto, X, Y);
    return { key, x, y };
  });
}

test('few word ends agreeing at a small share read as a chance fit of other text, not as the scroll', () => {
  // 60 of 250 agree (24%): above the floors of 40 ends and 20%, but 60² / 250 =
  // 14.4 is under 15, where fresh printed pages reached 13.2. The same 60 of 200
  // (30%, 18) are a scroll read poorly.
  assert.equal(normaliseWordEnds(partlyAgreeingEnds(60, 250)), null);
  const poorly = normaliseWordEnds(partlyAgreeingEnds(60, 200));
  assert.ok(poorly, 'reads as the text');
  assert.equal(poorly.keys.length, 200);
});

// A sheet curled into a cylinder across its lines (each point raised toward the
// camera by `lift` × (X − ½)²) photographed by a pinhole camera of focal length
// `focal` pixels, tilted by `tiltDegrees` along the lines (the camera off to the
// side of the line ends), `distance` column widths from the page's centre, which
// lies at the principal point.
function curledEnds(lift: number, tiltDegrees: number, distance: number, focal: number): WordEnd[] {
  const t = (tiltDegrees * Math.PI) / 180;
  const centre = [0.5, bottom / 2, 0];
  // The camera's axes in page coordinates: it sits over the X axis's far side, looking at the centre.
  const camera = [centre[0] - distance * Math.sin(t), centre[1], distance * Math.cos(t)];
  const forward = [Math.sin(t), 0, -Math.cos(t)];
  const right = [Math.cos(t), 0, Math.sin(t)];
  const down = [0, 1, 0];
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Array.from({ length: WORD_END_COUNT }, (_, key) => {
    const X = CANONICAL_X[key];
    const p = [X, CANONICAL_Y[key], lift * (X - 0.5) ** 2];
    const r = [p[0] - camera[0], p[1] - camera[1], p[2] - camera[2]];
    const depth = dot(r, forward);
    return { key, x: 2000 + (focal * dot(r, right)) / depth, y: 1500 + (focal * dot(r, down)) / depth };
  });
}

test('a page curled and seen at a tilt along its lines is put back on the layout when the focal length is known', () => {
  // Tilted 30° along the lines, the raised line ends move along the lines too,
  // by up to tan 30° × the lift at the ends (0.1): what the bow across the lines
  // cannot take back. From the focal length and the homography, the camera's
  // place gives that movement's direction, and the curl read off the lines' bend
  // its size.
  const focal = 3000;
  const ends = curledEnds(0.4, 30, 2.2, focal);
  const largest = (points: ReturnType<typeof normaliseWordEnds>) => {
    assert.ok(points, 'reads as the text');
    return Math.max(...Array.from(points.keys, (key, i) => Math.hypot(points.xs[i] - CANONICAL_X[key], points.ys[i] - CANONICAL_Y[key])));
  };
  const known = largest(normaliseWordEnds(ends, focal));
  const unknown = largest(normaliseWordEnds(ends));
  assert.ok(known < 0.005, `with the focal length: largest error ${known}`);
  // Within the comparison's agreement tolerance (0.002 column widths), which
  // takes the map's own inversion to be exact: toPage's Newton steps leave
  // 0.0011 here; repeating P = H + curl(P) four times instead left 0.0033.
  assert.ok(known < 0.002, `the curl solved to within the agreement tolerance: largest error ${known}`);
  assert.ok(unknown > 2 * known, `without it: largest error ${unknown} against ${known}`);
});
