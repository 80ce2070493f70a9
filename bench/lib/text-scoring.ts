// How a text check's findings on one photo are scored against the errors the
// generator wrote (tools/synth/text-set.ts's manifest), as issue 53 states its
// targets: a word kind found at the right line and word; a letter kind at the
// right word with the letter within one; a wrong letter found, and `found`
// naming the letter written (of a word, the word). Findings no error explains
// are counted too.

import type { TextCheck, TextFinding } from '../../src/engine/types.ts';
import { MEZUZAH_WORDS } from '../../src/text/mezuzah-text.ts';
import type { ContactLetter, PhotoError } from '../../tools/synth/text-set.ts';

export type ErrorScore = { readonly error: PhotoError; readonly found: boolean; readonly namedRight: boolean };
export type PhotoScore = {
  readonly read: boolean;
  readonly verdict: 'no_errors_found' | 'errors_found' | null;
  readonly errors: readonly ErrorScore[];
  /** Findings no error of the photo explains. */
  readonly unexplained: readonly TextFinding[];
};

const WORD_KINDS = new Set(['missing_word', 'extra_word']);

/** A letter's place along its line (0-based over the line's letters): `letter` 0 of a word is the place before its first letter, the same as after the last of the word before. */
function placeInLine(line: number, word: number, letter: number): number {
  const words = MEZUZAH_WORDS[line - 1];
  let before = 0;
  for (let w = 0; w < word - 1; w++) before += [...words[w]].length;
  return before + letter;
}

/**
 * Whether `finding` reports `error` as issue 53's targets count it. Two places
 * are one: a letter added between two words is after the first word's last
 * letter or before the second's first (letter 0); a word written twice follows
 * either the word before the two copies or the first copy.
 */
export function reports(finding: TextFinding, error: PhotoError): boolean {
  if (finding.kind !== error.kind || finding.line !== error.line) return false;
  if (error.kind === 'extra_word') {
    const repeated = error.word > 0 && MEZUZAH_WORDS[error.line - 1][error.word - 1] === error.found;
    return finding.word === error.word || (repeated && finding.word === error.word - 1);
  }
  if (error.kind === 'extra_letter') return Math.abs(placeInLine(finding.line, finding.word, finding.letter ?? 0) - placeInLine(error.line, error.word, error.letter ?? 0)) <= 1;
  if (WORD_KINDS.has(error.kind)) return finding.word === error.word;
  if (finding.word !== error.word) return false;
  if (error.kind === 'wrong_letter' || error.kind === 'touching_letters' || error.kind === 'broken_letter') return finding.letter === error.letter;
  return Math.abs((finding.letter ?? -9) - (error.letter ?? -9)) <= 1;
}

/** Findings near an error (its word, or a word either side for the word kinds) that are not the error's own kind: one error seen as another, counted apart from false alarms. */
function near(finding: TextFinding, error: PhotoError): boolean {
  return finding.line === error.line && Math.abs(finding.word - error.word) <= 1;
}

/** A touching finding at letters whose ink met though no error asked for it (the manifest's `contacts`): no false alarm. */
function atContact(finding: TextFinding, contact: readonly [ContactLetter, ContactLetter]): boolean {
  return finding.kind === 'touching_letters' && contact.some((c) => c.line === finding.line && Math.abs(c.word - finding.word) <= 1);
}

/** One photo's check scored against the errors it shows (those with a box in the frame) and the scroll's contacts no error asked for. */
export function scorePhoto(check: TextCheck, errors: readonly PhotoError[], contacts: readonly (readonly [ContactLetter, ContactLetter])[] = []): PhotoScore {
  const shown = errors.filter((e) => e.box !== null);
  if (check.kind === 'invalid') return { read: false, verdict: null, errors: shown.map((error) => ({ error, found: false, namedRight: false })), unexplained: [] };
  const scored = shown.map((error) => {
    const hit = check.findings.find((f) => reports(f, error));
    return { error, found: hit !== undefined, namedRight: hit !== undefined && hit.found === error.found };
  });
  const unexplained = check.findings.filter((f) => !shown.some((e) => reports(f, e) || near(f, e)) && !contacts.some((c) => atContact(f, c)));
  return { read: true, verdict: check.verdict, errors: scored, unexplained };
}
