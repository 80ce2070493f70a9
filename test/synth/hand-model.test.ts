import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeScribe } from '../../tools/synth/scribe.ts';
import { makeScroll } from '../../tools/synth/scroll.ts';
import type { Scroll } from '../../tools/synth/scroll.ts';

function meanShiftMm(a: Scroll, b: Scroll): number {
  let sum = 0;
  for (let i = 0; i < a.letters.length; i++) sum += Math.hypot(a.letters[i].cx - b.letters[i].cx, a.letters[i].cy - b.letters[i].cy);
  return sum / a.letters.length;
}

test('scribes and scrolls are fully determined by their seeds', () => {
  assert.deepEqual(makeScribe(11), makeScribe(11));
  assert.deepEqual(makeScroll(makeScribe(11), 5), makeScroll(makeScribe(11), 5));
  assert.notDeepEqual(makeScribe(11), makeScribe(12));
});

test('a scroll places all 713 letters in 22 lines on its parchment, in reading order', () => {
  const sut = makeScroll(makeScribe(3), 1);
  assert.equal(sut.letters.length, 713);
  assert.equal(sut.lines.length, 22);
  for (const letter of sut.letters) {
    assert.ok(letter.box.x >= 0 && letter.box.x + letter.box.width <= sut.widthMm, `letter ${letter.index} inside horizontally`);
    assert.ok(letter.box.y >= 0 && letter.box.y + letter.box.height <= sut.heightMm, `letter ${letter.index} inside vertically`);
  }
  for (let i = 1; i < sut.letters.length; i++) {
    const [a, b] = [sut.letters[i - 1], sut.letters[i]];
    if (a.line === b.line) assert.ok(b.cx < a.cx, `Hebrew runs right to left (letter ${i})`);
    else assert.ok(b.cy > a.cy, `lines run down the page (letter ${i})`);
  }
  // Justified lines end near the left margin; line 6 ends short, before the paragraph break.
  const ends = sut.lines.map((l) => l.endX);
  const typical = ends.filter((_, i) => i !== 5 && i !== 21).sort((a, b) => a - b)[10];
  assert.ok(ends[5] - typical > sut.letterHeightMm * 4);
});

test('siblings share the hand but differ in every per-letter detail', () => {
  const scribe = makeScribe(21);
  const a = makeScroll(scribe, 1);
  const b = makeScroll(scribe, 2);
  assert.equal(a.font, b.font);
  assert.equal(a.scribeId, b.scribeId);
  assert.ok(Math.abs(a.letterHeightMm - b.letterHeightMm) / a.letterHeightMm < 0.08, 'same letter size within a few percent');
  // Same layout tendencies: the letters land in nearly the same places...
  const siblings = meanShiftMm(a, b);
  assert.ok(siblings < a.letterHeightMm, `siblings within a letter height on average (${siblings.toFixed(2)} mm)`);
  // ...but no letter sits exactly where its sibling's does.
  assert.ok(siblings > 0.05 * a.letterHeightMm, `siblings differ (${siblings.toFixed(2)} mm)`);
  const identical = a.letters.filter((l, i) => l.cx === b.letters[i].cx || l.rotationDeg === b.letters[i].rotationDeg).length;
  assert.equal(identical, 0);
  assert.notDeepEqual(a.parchment.edges, b.parchment.edges);
});

function lettersOfLine(scroll: Scroll, line: number): Scroll['letters'] {
  return scroll.letters.filter((l) => l.line === line);
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

test('siblings share their scribe’s habits at fixed places: where lines end, which letters are stretched', () => {
  // The control is a scroll by the same style of hand with another scribe's places:
  // only what `places` holds can make siblings agree more than it.
  const justifiedEnds = (s: Scroll): number[] => s.lines.filter((l) => l.index !== 5 && l.index !== 21).map((l) => l.endX / s.letterHeightMm);
  const stretched = (s: Scroll): Set<number> => new Set(s.letters.filter((l) => l.stretched).map((l) => l.index));
  const overlap = (a: Set<number>, b: Set<number>): number => [...a].filter((i) => b.has(i)).length / Math.max(1, new Set([...a, ...b]).size);
  let [siblingEnds, controlEnds, siblingStretch, controlStretch] = [0, 0, 0, 0];
  const seeds = Array.from({ length: 16 }, (_, i) => i + 1);
  for (const seed of seeds) {
    const scribe = makeScribe(seed);
    const stranger = { ...scribe, places: makeScribe(seed + 1000).places };
    const [a, b, c] = [makeScroll(scribe, 1), makeScroll(scribe, 2), makeScroll(stranger, 2)];
    siblingEnds += correlation(justifiedEnds(a), justifiedEnds(b)) / seeds.length;
    controlEnds += correlation(justifiedEnds(a), justifiedEnds(c)) / seeds.length;
    siblingStretch += overlap(stretched(a), stretched(b)) / seeds.length;
    controlStretch += overlap(stretched(a), stretched(c)) / seeds.length;
  }
  assert.ok(siblingEnds > controlEnds + 0.2, `line ends: siblings ${siblingEnds.toFixed(2)}, control ${controlEnds.toFixed(2)}`);
  assert.ok(siblingStretch > controlStretch * 1.5, `stretched letters: siblings ${siblingStretch.toFixed(2)}, control ${controlStretch.toFixed(2)}`);
});

test('spacing drift accumulates along a line: siblings part further over eight letters than over one', () => {
  for (const seed of [1, 2, 3, 4]) {
    const scribe = makeScribe(seed);
    const [a, b] = [makeScroll(scribe, 1), makeScroll(scribe, 2)];
    const apart = (lag: number): number => {
      let sum = 0;
      let count = 0;
      for (let line = 0; line < 21; line++) {
        const [la, lb] = [lettersOfLine(a, line), lettersOfLine(b, line)];
        const d = la.map((l, i) => l.cx - lb[i].cx);
        for (let k = 0; k + lag < d.length; k++, count++) sum += Math.abs(d[k + lag] - d[k]);
      }
      return sum / count;
    };
    // Independent jitter alone would give about the same spread at any lag.
    assert.ok(apart(8) > 1.8 * apart(1), `scribe ${seed}: ${apart(1).toFixed(3)} mm over one letter, ${apart(8).toFixed(3)} mm over eight`);
  }
});

test('different scribes differ in style, not only in detail', () => {
  const styles = [1, 2, 3, 4, 5, 6].map((seed) => makeScribe(seed));
  assert.ok(new Set(styles.map((s) => s.slantDeg.toFixed(3))).size === styles.length);
  assert.ok(new Set(styles.map((s) => `${s.font}/${s.justification}`)).size > 1);
  const forms = styles.map((s) => s.letterForms['ה'].widthScale);
  assert.ok(Math.max(...forms) - Math.min(...forms) > 0.02);
});

test('a layout holds placements only, no pixels (its cost is measured by bench:identify, which builds a million)', () => {
  const views: string[] = [];
  const visit = (value: unknown, at: string): void => {
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) views.push(at);
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) visit(inner, `${at}.${key}`);
  };
  const scroll = makeScroll(makeScribe(8), 1);
  visit(scroll, 'scroll');
  assert.deepEqual(views, []);
  assert.equal(scroll.letters.length, 713);
});
