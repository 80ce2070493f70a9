import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectedComponents } from '../../src/engine/components.ts';
import type { LineLayout } from '../../src/engine/lines/line.ts';
import type { Gray } from '../../src/engine/raster.ts';
import { findWords } from '../../src/engine/words.ts';

const PAPER = 220;
const INK = 40;
const LINE_Y = 30;
const LETTER = 20;

/**
 * One line of words on a page 60 px tall: each a solid bar of ink whose left
 * and right edges lie at the given fractional positions, each pixel as grey as
 * the share of it the ink covers (a camera's pixel averages its area).
 */
function lineOfWords(edges: readonly [number, number][], width: number): Gray {
  const data = new Uint8Array(width * 60).fill(PAPER);
  for (let x = 0; x < width; x++) {
    let cover = 0;
    for (const [a, b] of edges) cover += Math.max(0, Math.min(x + 0.5, b) - Math.max(x - 0.5, a));
    for (let y = LINE_Y - LETTER / 2; y < LINE_Y + LETTER / 2; y++) data[y * width + x] = Math.round(PAPER - cover * (PAPER - INK));
  }
  return { width, height: 60, data };
}

function wordsOf(img: Gray) {
  const mask = img.data.map((g) => (g < (PAPER + INK) / 2 ? 1 : 0));
  const { blobs, labels } = connectedComponents(mask, img.width, img.height);
  const xs = blobs.flatMap((b) => [b.minX, b.maxX]);
  const layout: LineLayout = {
    angle: 0,
    lines: [{ blobs: blobs.map((_, i) => i), curve: [LINE_Y, 0, 0], uMin: Math.min(...xs), uMax: Math.max(...xs), letterHeight: LETTER }],
  };
  return findWords(layout, labels, blobs.length, img)[0];
}

test('word ends are placed between pixels, where the grey crosses halfway from parchment to ink', () => {
  // Ten words, their edges at every tenth of a pixel: the ink mask alone
  // places each at a whole pixel, up to half a pixel off.
  const edges: [number, number][] = Array.from({ length: 10 }, (_, k) => [20 + 40 * k + k / 10, 45 + 40 * k + ((7 * k) % 10) / 10]);
  const words = wordsOf(lineOfWords(edges, 440));
  assert.equal(words.length, edges.length);
  words.forEach((w, k) => {
    const [a, b] = edges[k];
    assert.ok(Math.abs(w.u0 - a) < 0.1, `word ${k} starts at ${w.u0.toFixed(3)}, the ink at ${a.toFixed(3)}`);
    assert.ok(Math.abs(w.u1 - b) < 0.1, `word ${k} ends at ${w.u1.toFixed(3)}, the ink at ${b.toFixed(3)}`);
  });
});

test('a blurred word end is placed within a quarter of a pixel', () => {
  // The same bars out of focus: each pixel a weighted mean of five along the
  // line. Halfway between the ink and the parchment next to it is then a little
  // off the edge, by how much depending on where it falls between pixels.
  const edges: [number, number][] = Array.from({ length: 10 }, (_, k) => [20 + 40 * k + k / 10, 45 + 40 * k + ((3 * k) % 10) / 10]);
  const sharp = lineOfWords(edges, 440);
  const blurred = { ...sharp, data: new Uint8Array(sharp.data.length) };
  const kernel = [0.1, 0.2, 0.4, 0.2, 0.1];
  for (let i = 0; i < sharp.data.length; i++) {
    const x = i % sharp.width;
    blurred.data[i] = Math.round(kernel.reduce((sum, w, d) => sum + w * sharp.data[i - x + Math.min(sharp.width - 1, Math.max(0, x + d - 2))], 0));
  }
  const words = wordsOf(blurred);
  assert.equal(words.length, edges.length);
  words.forEach((w, k) => {
    assert.ok(Math.abs(w.u0 - edges[k][0]) <= 0.26, `word ${k} starts at ${w.u0.toFixed(3)}, the ink at ${edges[k][0]}`);
    assert.ok(Math.abs(w.u1 - edges[k][1]) <= 0.26, `word ${k} ends at ${w.u1.toFixed(3)}, the ink at ${edges[k][1]}`);
  });
});

test('a word end beside other ink, or too faint, keeps the edge of its outermost pixel', () => {
  const img = lineOfWords([[20.3, 45.6], [60.2, 90.8]], 120);
  // A second word's parchment darkened to within a few levels of its ink: no crossing to follow.
  for (let y = 0; y < img.height; y++) for (let x = 55; x < 100; x++) img.data[y * img.width + x] = Math.min(img.data[y * img.width + x], INK + 10);
  for (let y = LINE_Y - LETTER / 2; y < LINE_Y + LETTER / 2; y++) for (let x = 60; x < 92; x++) img.data[y * img.width + x] = INK;
  const words = wordsOf(img);
  assert.equal(words.length, 2);
  assert.ok(Math.abs(words[0].u0 - 20.3) < 0.1, `the clear word's start ${words[0].u0}`);
  const [second] = words.slice(1);
  assert.ok(Number.isInteger(second.u0 + 0.5) && Number.isInteger(second.u1 + 0.5), `the faint word's ends ${second.u0}, ${second.u1} stay at pixel edges`);
});

test("a word gap holds though another line's descender reaches into it: only the line's own ink counts", () => {
  // Four words of three letters (10 px wide, 3 px apart), 14 px between words.
  const edges: [number, number][] = [];
  const words: [number, number][] = [];
  let x = 10;
  for (let w = 0; w < 4; w++) {
    const start = x;
    for (let l = 0; l < 3; l++, x += 13) edges.push([x, x + 10]);
    words.push([start, x - 3]);
    x += 11;
  }
  const img = lineOfWords(edges, x + 10);
  // A descender of the line below, 4 px wide, in the middle of the second word gap, across the lower half of this line's band.
  const gapMiddle = Math.round((words[1][1] + words[2][0]) / 2);
  for (let y = LINE_Y + 4; y < 60; y++) for (let dx = -2; dx < 2; dx++) img.data[y * img.width + gapMiddle + dx] = INK;
  const mask = img.data.map((g) => (g < (PAPER + INK) / 2 ? 1 : 0));
  const { blobs, labels } = connectedComponents(mask, img.width, img.height);
  const own = blobs.map((_, i) => i).filter((i) => blobs[i].maxX - blobs[i].minX > 5);
  assert.equal(own.length, blobs.length - 1, 'the descender is a blob of its own');
  const xs = own.flatMap((i) => [blobs[i].minX, blobs[i].maxX]);
  const layout: LineLayout = { angle: 0, lines: [{ blobs: own, curve: [LINE_Y, 0, 0], uMin: Math.min(...xs), uMax: Math.max(...xs), letterHeight: LETTER }] };
  const found = findWords(layout, labels, blobs.length, img)[0];
  assert.equal(found.length, 4);
  for (const [k, [a, b]] of words.entries()) {
    assert.ok(Math.abs(found[k].u0 - (a - 0.5)) < 1, `word ${k} starts at ${found[k].u0}, not ${a - 0.5}`);
    assert.ok(Math.abs(found[k].u1 - (b - 0.5)) < 1, `word ${k} ends at ${found[k].u1}, not ${b - 0.5}`);
  }
});
