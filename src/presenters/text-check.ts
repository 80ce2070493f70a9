import type { ScrollTextCheck, StoredTextFinding, TextReadCounts } from '../db/records.ts';
import type { ReadScrollText } from '../domain/check-scroll-text.ts';

/** The public text check of a photo. */
export function presentTextCheck(check: ReadScrollText) {
  return { status: 'success' as const, verdict: check.verdict, findings: check.findings.map(presentFinding), read: presentRead(check.read) };
}

/** A registration's stored text check: its state, and the check's fields once done (null while pending, and when it failed). */
export function presentStoredTextCheck(check: ScrollTextCheck) {
  const done = check.state === 'done' ? check : null;
  return {
    status: 'success' as const,
    state: check.state,
    checked_time: check.state === 'pending' ? null : check.checkedAt,
    verdict: done === null ? null : done.verdict,
    findings: done === null ? null : done.findings.map(presentFinding),
    read: done === null ? null : presentRead(done.read),
    failure: check.state === 'failed' ? check.failure : null,
  };
}

function presentFinding(finding: StoredTextFinding) {
  return {
    kind: finding.kind,
    line: finding.line,
    word: finding.word,
    letter: finding.letter,
    expected: finding.expected,
    found: finding.found,
    confidence: finding.confidence,
    box: [...finding.box],
  };
}

function presentRead(read: TextReadCounts) {
  return { lines: read.lines, words: read.words, letters: read.letters };
}
