import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inkDepth, paleAmong, partsInFirmInk, piecesInFaintInk } from '../../../src/engine/text-check/firm-ink.ts';
import type { Gray } from '../../../src/engine/raster.ts';

// Ink at other levels than the letters': two strokes joined by a grey bridge
// come apart in firm ink, joined by a stroke as dark as theirs they do not; two
// pieces joined by a faint hairline are one in faint ink, with parchment
// between them two.

const PARCHMENT = 220;
const INK = 40;

/** A 40 × 30 page of parchment with two dark strokes (columns 5–14 and 25–34, rows 5–24) and, between them on rows 14–16, a bridge of grey level `bridge` (none when null); labels: every pixel darker than the middle, and the bridge, are blob 1. */
function twoStrokes(bridge: number | null): { image: Gray; labels: Int32Array } {
  const width = 40;
  const height = 30;
  const data = new Uint8Array(width * height).fill(PARCHMENT);
  const labels = new Int32Array(width * height);
  for (let y = 5; y < 25; y++) {
    for (let x = 0; x < width; x++) {
      const stroke = (x >= 5 && x < 15) || (x >= 25 && x < 35);
      const bridged = bridge !== null && x >= 15 && x < 25 && y >= 14 && y < 17;
      if (stroke) data[y * width + x] = INK;
      else if (bridged) data[y * width + x] = bridge;
      if (stroke || bridged) labels[y * width + x] = 1;
    }
  }
  return { image: { width, height, data }, labels };
}
const BOX = [0, 0, 40, 30] as const;

test('two strokes bridged in grey are two parts in firm ink, each labelled anew and boxed', () => {
  const { image, labels } = twoStrokes(150);
  const parts = partsInFirmInk(image, labels, BOX, 1, 7);
  assert.ok(parts);
  assert.deepEqual(
    parts.map((p) => p.label),
    [7, 8],
  );
  assert.ok(parts[0].box[2] <= 21 && parts[1].box[0] >= 19, JSON.stringify(parts.map((p) => p.box)));
  assert.equal(parts[0].area + parts[1].area, 2 * 10 * 20 + 10 * 3);
  assert.ok(labels.every((l) => l !== 1), 'the blob\'s pixels all went to its parts');
});

test('two strokes joined by a stroke as dark as theirs hold together in firm ink', () => {
  const { image, labels } = twoStrokes(INK);
  assert.equal(partsInFirmInk(image, labels, BOX, 1, 7), null);
});

test('pieces joined by a faint hairline are one piece in faint ink; with parchment between them, two', () => {
  // The two strokes as two blobs (1 and 2), with a hairline of grey 160 (a third of the way to the ink) between them, or none.
  for (const [hairline, pieces] of [
    [160, 1],
    [null, 2],
  ] as const) {
    const { image, labels } = twoStrokes(hairline);
    for (let i = 0; i < labels.length; i++) {
      const x = i % image.width;
      labels[i] = image.data[i] === INK ? (x < 20 ? 1 : 2) : 0;
    }
    assert.equal(piecesInFaintInk(image, labels, BOX, [1, 2]), pieces, `hairline ${hairline}`);
  }
});

test("ink's depth is from the parchment around it to its darkest: a stroke's the whole way, a brown stain's less than half", () => {
  const { image, labels } = twoStrokes(null);
  assert.equal(inkDepth(image, labels, BOX, [1]), PARCHMENT - INK);
  // The same strokes as pale as a foxing spot in grey.
  const stain = { ...image, data: image.data.map((g) => (g === INK ? 150 : g)) };
  assert.ok(inkDepth(stain, labels, BOX, [1]) < 0.5 * (PARCHMENT - INK));
});

test("ink far paler than the line's letters is pale among them; as deep as they are, or a little paler, it is not", () => {
  // Four letters across a line (blobs 1–4, ink 40) and three more marks: as dark (5), a little paler (6: 110), a stain (7: 150).
  const width = 80;
  const height = 12;
  const data = new Uint8Array(width * height).fill(PARCHMENT);
  const labels = new Int32Array(width * height);
  const grey = [INK, INK, INK, INK, INK, 110, 150];
  grey.forEach((g, k) => {
    for (let y = 3; y < 9; y++) for (let x = 10 * k + 2; x < 10 * k + 6; x++) [data[y * width + x], labels[y * width + x]] = [g, k + 1];
  });
  const image = { width, height, data };
  const group = (k: number) => ({ box: [10 * k, 0, 10 * k + 8, height] as const, blobs: [k + 1] });
  const pale = paleAmong(image, labels, [0, 1, 2, 3].map(group));
  assert.deepEqual([4, 5, 6].map((k) => pale(group(k))), [false, false, true]);
});
