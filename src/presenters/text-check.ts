import type { ReadScrollText } from '../domain/check-scroll-text.ts';

type TextFinding = ReadScrollText['findings'][number];

/** A text check's verdict, findings and what was read, as every text-check answer writes them. */
export function presentTextCheckFields(check: Pick<ReadScrollText, 'verdict' | 'findings' | 'read'>) {
  return {
    verdict: check.verdict,
    findings: check.findings.map(presentFinding),
    read: { lines: check.read.lines, words: check.read.words, letters: check.read.letters },
  };
}

/** The public text check of a photo. */
export function presentTextCheck(check: ReadScrollText) {
  return { status: 'success' as const, ...presentTextCheckFields(check) };
}

function presentFinding(finding: TextFinding) {
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
