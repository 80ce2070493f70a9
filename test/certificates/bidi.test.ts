import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectDirection, resolveVisualRuns } from '../../src/certificates/bidi.ts';
import type { BidiDirection } from '../../src/certificates/bidi.ts';

/** `text` (one line, logical order) rearranged into the order its characters appear from left to right. */
function toVisualOrder(text: string, direction: BidiDirection = detectDirection(text)): string {
  return resolveVisualRuns(text, direction)
    .map((r) => r.text)
    .join('');
}

describe('toVisualOrder', () => {
  it('reverses a Hebrew line', () => {
    assert.equal(toVisualOrder('תעודת מזוזה', 'rtl'), 'הזוזמ תדועת');
  });

  it('leaves left-to-right text alone', () => {
    assert.equal(toVisualOrder('Scroll ID 3f2a-9c4e', 'ltr'), 'Scroll ID 3f2a-9c4e');
  });

  it('keeps a date inside Hebrew in logical order, at the far end of the line', () => {
    assert.equal(toVisualOrder('נכתבה ב-2024-05-01', 'rtl'), '2024-05-01-ב הבתכנ');
  });

  it('keeps a time with colons and the zone name together', () => {
    assert.equal(toVisualOrder('הונפקה 2024-02-06 10:00:00 UTC', 'rtl'), 'UTC 10:00:00 2024-02-06 הקפנוה');
  });

  it('keeps Latin words inside Hebrew in reading order', () => {
    assert.equal(toVisualOrder('חנות ABC בע"מ', 'rtl'), 'מ"עב ABC תונח');
    assert.equal(toVisualOrder('לסרוק את קוד ה-QR.', 'rtl'), '.QR-ה דוק תא קורסל');
  });

  it('reverses only the Hebrew part of a left-to-right line', () => {
    assert.equal(toVisualOrder('Sofer: משה כהן', 'ltr'), 'Sofer: ןהכ השמ');
    assert.equal(toVisualOrder('Verified · מאומתת', 'ltr'), 'Verified · תתמואמ');
  });

  it('mirrors brackets in right-to-left runs', () => {
    assert.equal(toVisualOrder('מזוזה (כשרה)', 'rtl'), '(הרשכ) הזוזמ');
    assert.equal(toVisualOrder('סופר (Scribe)', 'rtl'), '(Scribe) רפוס');
  });

  it('keeps a currency sign with its number', () => {
    assert.equal(toVisualOrder('מחיר ₪120', 'rtl'), '₪120 ריחמ');
  });

  it('keeps combining marks after their letter', () => {
    // ש with qamats and shin dot, ו with holam: each cluster moves as a whole.
    assert.equal(toVisualOrder('שָׁלוֹם', 'rtl'), 'םוֹלשָׁ');
  });

  it('detects the paragraph direction from the first strong character', () => {
    assert.equal(toVisualOrder('משה כהן'), 'ןהכ השמ');
    assert.equal(toVisualOrder('12 משה'), 'השמ 12');
    assert.equal(detectDirection('2024 Beit Yosef'), 'ltr');
    assert.equal(detectDirection('  בית יוסף'), 'rtl');
    assert.equal(detectDirection('2024-05-01'), 'ltr');
    assert.equal(detectDirection('2024-05-01', 'rtl'), 'rtl');
  });

  it('honours the invisible marks LRM and RLM as strong characters', () => {
    assert.equal(detectDirection('\u200F2024-05-01'), 'rtl');
    assert.equal(detectDirection('\u200Eמשה כהן'), 'ltr');
  });

  it('handles the empty string', () => {
    assert.equal(toVisualOrder('', 'rtl'), '');
    assert.deepEqual(resolveVisualRuns('', 'ltr'), []);
  });
});

describe('resolveVisualRuns', () => {
  it('gives each run its embedding level, left to right', () => {
    assert.deepEqual(resolveVisualRuns('נכתבה ב-2024-05-01', 'rtl'), [
      { text: '2024-05-01', level: 2 },
      { text: '-ב הבתכנ', level: 1 },
    ]);
    assert.deepEqual(resolveVisualRuns('Store: יודאיקה 2000', 'ltr'), [
      { text: 'Store: ', level: 0 },
      { text: '2000', level: 2 },
      { text: ' הקיאדוי', level: 1 },
    ]);
  });

  it('puts trailing spaces back at the paragraph level', () => {
    const runs = resolveVisualRuns('שלום  ', 'ltr');
    assert.deepEqual(runs, [
      { text: 'םולש', level: 1 },
      { text: '  ', level: 0 },
    ]);
  });
});
