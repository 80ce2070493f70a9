// The Hebrew date printed beside each civil date, against dates any Jewish calendar gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hebrewDateOf, withHebrewDate } from '../../src/certificates/hebrew-date.ts';

test('known days: Rosh Hashanah, Pesach, a day of Adar I in a leap year, Hanukkah, a day before the Gregorian year 2000', () => {
  assert.equal(hebrewDateOf('2023-09-16'), 'א׳ תשרי תשפ״ד');
  assert.equal(hebrewDateOf('2025-04-13'), 'ט״ו ניסן תשפ״ה');
  assert.equal(hebrewDateOf('2024-02-20'), 'י״א אדר א׳ תשפ״ד');
  assert.equal(hebrewDateOf('2024-03-24'), 'י״ד אדר ב׳ תשפ״ד');
  assert.equal(hebrewDateOf('2026-12-05'), 'כ״ה כסלו תשפ״ז');
  assert.equal(hebrewDateOf('1999-12-31'), 'כ״ב טבת תש״ס');
});

test('the date part of a timestamp; anything that is not a real civil date has none', () => {
  assert.equal(hebrewDateOf('2023-09-16 10:00:00 UTC'), 'א׳ תשרי תשפ״ד');
  for (const text of ['', 'unknown', '2023-02-30', '2023-13-01', '16/09/2023']) assert.equal(hebrewDateOf(text), null, text);
  assert.equal(withHebrewDate('2023-09-16'), '2023-09-16 · א׳ תשרי תשפ״ד');
  assert.equal(withHebrewDate('someday'), 'someday');
});
