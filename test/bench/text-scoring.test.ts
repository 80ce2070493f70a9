import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scorePhoto } from '../../bench/lib/text-scoring.ts';
import type { TextCheck, TextFinding } from '../../src/engine/types.ts';
import type { ContactLetter, PhotoError } from '../../tools/synth/text-set.ts';

// How bench:text scores a photo's check against what the generator wrote: each
// error found where the issue counts it, and the findings nothing explains.

const finding = (kind: TextFinding['kind'], line: number, word: number, letter: number | null, expected = '', found = ''): TextFinding => ({ kind, line, word, letter, expected, found, confidence: 0.5, box: [0, 0, 1, 1] });
const read = (findings: TextFinding[]): TextCheck => ({ kind: 'read', verdict: findings.length ? 'errors_found' : 'no_errors_found', findings, read: { lines: 22, words: 170, letters: 713 } });

test('an error is found by a finding of its kind at its place; a finding elsewhere is unexplained', () => {
  const wrong: PhotoError = { kind: 'wrong_letter', line: 4, word: 2, letter: 3, expected: 'ד', found: 'ר', box: [10, 10, 20, 30] };
  const score = scorePhoto(read([finding('wrong_letter', 4, 2, 3, 'ד', 'ר'), finding('missing_letter', 9, 1, 1, 'ו')]), [wrong]);
  assert.deepEqual(score.errors.map((e) => [e.found, e.namedRight]), [[true, true]]);
  assert.deepEqual(score.unexplained.map((f) => f.kind), ['missing_letter']);
});

test("a touching finding where the scroll's letters still touch, though no error asked for it, is no false alarm; any other finding there is", () => {
  const contact: readonly [ContactLetter, ContactLetter] = [{ line: 7, word: 3, char: 'ך' }, { line: 8, word: 2, char: 'ל' }];
  const findings = [finding('touching_letters', 8, 2, 1, 'לא', 'לא'), finding('touching_letters', 12, 5, 2, 'בר', 'בר'), finding('broken_letter', 7, 3, 4, 'ך', 'ך')];
  assert.equal(scorePhoto(read(findings), []).unexplained.length, 3);
  assert.deepEqual(
    scorePhoto(read(findings), [], [contact]).unexplained.map((f) => [f.kind, f.line]),
    [['touching_letters', 12], ['broken_letter', 7]],
  );
});
