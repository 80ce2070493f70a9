import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LineLayout } from '../../src/engine/lines/line.ts';
import { recogniseLayout } from '../../src/engine/recognise-layout.ts';
import { LINE_PITCH, TEMPLATE_LINES } from '../../src/engine/template.ts';
import type { WordSpan } from '../../src/engine/words.ts';

// A page of word spans made from the text's own layout, in the lines' frame
// (angle 0, so a point's x is its u): a column 1,000 px wide, its right margin
// at u = 1,100, words found as wide as the text says, times `scale` (the
// letter height each line reports is only roughly right).
const COLUMN = 1000;
const RIGHT = 1100;

type Page = { layout: LineLayout; words: WordSpan[][]; expected: Map<number, number> };

/**
 * Every word found where it stands, except: line 2's first two words run
 * together (a missed gap), line 8's third word broken in two, and a speck
 * beyond line 12's last word. Upside down, the page is turned half a turn.
 */
function page(scale: number, upsideDown: boolean): Page {
  const sign = upsideDown ? -1 : 1;
  // Letter height in pixels: a word's width over its width in letter heights, over the whole text.
  let px = 0;
  let lh = 0;
  for (const tpl of TEMPLATE_LINES) for (const w of tpl) ((px += (w.end - w.start) * COLUMN), (lh += w.width));
  const letterHeight = (px / lh) / scale;
  const expected = new Map<number, number>();
  const lines = TEMPLATE_LINES.map((tpl, j) => {
    const at = (x: number) => sign * (RIGHT - x * COLUMN);
    // The reading start of a span is its high-u end upright, its low-u end upside down.
    const span = (start: number, end: number): WordSpan => (upsideDown ? { u0: at(start), u1: at(end) } : { u0: at(end), u1: at(start) });
    const spans: WordSpan[] = [];
    for (let b = 0; b < tpl.length; b++) {
      const w = tpl[b];
      if (j === 2 && b === 0) {
        const next = tpl[1];
        spans.push(span(w.start, next.end));
        expected.set(2 * w.id, at(w.start)).set(2 * next.id + 1, at(next.end));
        b++;
      } else if (j === 8 && b === 2) {
        const mid = (w.start + w.end) / 2;
        spans.push(span(w.start, mid - 0.004), span(mid + 0.004, w.end));
        expected.set(2 * w.id, at(w.start)).set(2 * w.id + 1, at(w.end));
      } else {
        spans.push(span(w.start, w.end));
        expected.set(2 * w.id, at(w.start)).set(2 * w.id + 1, at(w.end));
      }
    }
    if (j === 12) spans.push(span(tpl[tpl.length - 1].end + 0.05, tpl[tpl.length - 1].end + 0.06));
    const v = sign * (100 + j * LINE_PITCH * COLUMN);
    const us = spans.flatMap((s) => [s.u0, s.u1]);
    return { line: { blobs: [], curve: [v, 0, 0] as [number, number, number], uMin: Math.min(...us), uMax: Math.max(...us), letterHeight }, spans };
  });
  // Lines are listed top to bottom in the lines' frame: upside down, the last text line comes first.
  if (upsideDown) lines.reverse();
  return { layout: { angle: 0, lines: lines.map((l) => l.line) }, words: lines.map((l) => l.spans), expected };
}

function tiedEnds(p: Page): Map<number, number> {
  const ends = recogniseLayout(p.layout, p.words);
  assert.ok(ends, 'the page should be read');
  return new Map(ends.map((e) => [e.key, e.x]));
}

describe('recognising the mezuzah text in lines of words', () => {
  it('ties every word end to its place in the text through a missed gap, a broken word and a speck, at each letter-height error tried', () => {
    for (const scale of [0.7, 1, 1.42]) {
      const p = page(scale, false);
      assert.deepEqual(tiedEnds(p), p.expected, `scale ${scale}`);
    }
  });

  it('reads a page turned upside down the right way up', () => {
    const p = page(1, true);
    assert.deepEqual(tiedEnds(p), p.expected);
  });

  it('skips lines the text does not have and text lines the photo lost, either way up, with more lines found than the text has and fewer', () => {
    // Two captions above the text, three words each; the lines' count against
    // the text's decides which skips the alignment is forced to take, and so
    // which of its cells it never needs to look at (recogniseLayout's bound).
    for (const upsideDown of [false, true]) {
      for (const lost of [[21], [17, 18, 19, 20, 21]]) {
        const p = page(1, upsideDown);
        const sign = upsideDown ? -1 : 1;
        const letterHeight = p.layout.lines[0].letterHeight;
        const kept = p.layout.lines.map((line, i) => ({ line, words: p.words[i] })).filter(({ line }) => {
          const j = Math.round((sign * line.curve[0] - 100) / (LINE_PITCH * COLUMN));
          return !lost.includes(j);
        });
        const captions = [1, 2].map((k) => {
          const v = sign * (100 - k * LINE_PITCH * COLUMN);
          const spans = [0, 1, 2].map((w) => {
            const [a, b] = [sign * (RIGHT - 0.3 * (w + 1) * COLUMN), sign * (RIGHT - (0.3 * w + 0.05) * COLUMN)];
            return { u0: Math.min(a, b), u1: Math.max(a, b) };
          });
          const us = spans.flatMap((s) => [s.u0, s.u1]);
          return { line: { blobs: [], curve: [v, 0, 0] as [number, number, number], uMin: Math.min(...us), uMax: Math.max(...us), letterHeight }, words: spans };
        });
        // Top to bottom in the lines' frame: the captions come first upright, last upside down.
        const all = upsideDown ? [...kept, ...captions.reverse()] : [...captions.reverse(), ...kept];
        const expected = new Map(p.expected);
        for (const j of lost) for (const w of TEMPLATE_LINES[j]) (expected.delete(2 * w.id), expected.delete(2 * w.id + 1));
        const read = tiedEnds({ layout: { angle: 0, lines: all.map((l) => l.line) }, words: all.map((l) => l.words), expected });
        assert.deepEqual(read, expected, `upside down: ${upsideDown}, lost lines ${lost.join(', ')} (${all.length} lines found)`);
      }
    }
  });

  it('with the page frame known, leaves untied a word the frame places nowhere, and ties the rest', () => {
    const p = page(1, false);
    // Line 5's fourth word has no place along the line (NaN), as a degenerate rectification can give.
    const lost = TEMPLATE_LINES[5][3];
    const [lostStart, lostEnd] = [p.expected.get(2 * lost.id)!, p.expected.get(2 * lost.id + 1)!];
    const onLine5 = (y: number) => Math.abs(y - (100 + 5 * LINE_PITCH * COLUMN)) < 1;
    const frame = (x: number, y: number): [number, number] => [x <= lostStart && x >= lostEnd && onLine5(y) ? NaN : (RIGHT - x) / COLUMN, (y - 100) / COLUMN];
    const ends = recogniseLayout(p.layout, p.words, frame);
    assert.ok(ends);
    const expected = new Map(p.expected);
    expected.delete(2 * lost.id);
    expected.delete(2 * lost.id + 1);
    assert.deepEqual(new Map(ends.map((e) => [e.key, e.x])), expected);
  });

  it('where the photo cuts the lines off, at their starts or at their ends, leaves the word cut in two untied and ties the rest, a whole word near the frame included, the text past the cut skipped', () => {
    // The photo's frame runs across each line near its third word from the cut
    // side: through the middle of that word on odd lines (the word is read only
    // up to the frame), a third of a letter past its outer end on even lines
    // (the word whole, the gap past it cut short). The words beyond lie past the
    // frame. Upright, a line's start is at high u.
    for (const side of ['starts', 'ends'] as const) {
      const p = page(1, false);
      const letter = p.layout.lines[0].letterHeight;
      const lineAt = (y: number) => Math.round((y - 100) / (LINE_PITCH * COLUMN));
      // The last line, of two words, runs short of the frame.
      const cutWord = (j: number) => (TEMPLATE_LINES[j].length < 5 ? undefined : side === 'starts' ? TEMPLATE_LINES[j][2] : TEMPLATE_LINES[j].at(-3));
      const cuts = TEMPLATE_LINES.map((_, j) => {
        const w = cutWord(j);
        if (!w) return side === 'starts' ? Infinity : -Infinity;
        const outer = p.expected.get(side === 'starts' ? 2 * w.id : 2 * w.id + 1)!;
        const inner = p.expected.get(side === 'starts' ? 2 * w.id + 1 : 2 * w.id)!;
        return j % 2 === 1 ? (outer + inner) / 2 : outer + ((side === 'starts' ? 1 : -1) * letter) / 3;
      });
      const inside = (u: number, j: number) => (side === 'starts' ? u < cuts[j] : u > cuts[j]);
      const words = p.words.map((spans, j) =>
        spans.flatMap((s) => (!inside(side === 'starts' ? s.u0 : s.u1, j) ? [] : [side === 'starts' ? { u0: s.u0, u1: Math.min(s.u1, cuts[j]) } : { u0: Math.max(s.u0, cuts[j]), u1: s.u1 }])),
      );
      // Tied: every word end inside the frame but the cut word's (the whole word near the frame included).
      const expected = new Map<number, number>();
      TEMPLATE_LINES.forEach((tpl, j) => {
        for (const w of tpl) {
          if (j % 2 === 1 && w === cutWord(j)) continue;
          for (const key of [2 * w.id, 2 * w.id + 1]) {
            const x = p.expected.get(key);
            if (x !== undefined && inside(x, j)) expected.set(key, x);
          }
        }
      });
      const layout = { ...p.layout, lines: p.layout.lines.map((line, i) => ({ ...line, uMin: Math.min(...words[i].map((s) => s.u0)), uMax: Math.max(...words[i].map((s) => s.u1)) })) };
      const ends = recogniseLayout(layout, words, undefined, (x, y) => !inside(side === 'starts' ? x + 1 : x - 1, lineAt(y)));
      assert.ok(ends, `the page cut at the lines' ${side} should be read`);
      assert.ok(expected.size > 150, `${expected.size} word ends left to tie`);
      assert.deepEqual(new Map(ends.map((e) => [e.key, e.x])), expected, `cut at the lines' ${side}`);
    }
  });

  it('reads a line whose last whole word stands a third of a letter from the frame as going on past it: its few words seen are tied, not dropped for the many the frame hides', () => {
    // Line 4 (eight words) seen only from its seventh word on: the frame a third of a
    // letter past that word's reading start. Missing for want of ink, its six hidden
    // words would cost more than dropping the two seen; hidden by the frame, nothing.
    const p = page(1, false);
    const letter = p.layout.lines[0].letterHeight;
    const tpl = TEMPLATE_LINES[4];
    const cut = p.expected.get(2 * tpl[6].id)! + letter / 3;
    const onLine4 = (y: number) => Math.abs(y - (100 + 4 * LINE_PITCH * COLUMN)) < 1;
    const words = p.words.map((spans, j) => (j === 4 ? spans.filter((s) => s.u1 < cut) : spans));
    const layout = { ...p.layout, lines: p.layout.lines.map((line, j) => (j === 4 ? { ...line, uMax: Math.max(...words[4].map((s) => s.u1)) } : line)) };
    const ends = recogniseLayout(layout, words, undefined, (x, y) => onLine4(y) && x >= cut - 1);
    const expected = new Map([...p.expected].filter(([key]) => !tpl.slice(0, 6).some((w) => key >> 1 === w.id)));
    assert.ok(ends);
    assert.deepEqual(new Map(ends.map((e) => [e.key, e.x])), expected);
  });
});
