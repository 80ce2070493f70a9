// Visual ordering of one line of bidirectional text, for renderers that draw
// glyphs strictly left to right (pdf-lib, our SVG glyph paths). It follows the
// Unicode Bidirectional Algorithm (UAX #9) for a single paragraph without
// explicit embeddings or isolates — the only kind of text a certificate holds:
// weak types W1–W7, neutrals N1–N2, implicit levels I1–I2, then L1, L2 and L4.
//
// Simplifications, each harmless for Hebrew/English certificates:
// - Arabic letters (AL) count as R and Arabic digits as EN, so there is no AN;
//   Arabic would also need shaping, which nothing here does.
// - Explicit formatting characters (LRE, RLO, isolates...) are treated as
//   neutrals; the zero-width marks LRM and RLM are honoured as L and R.
// - A combining mark stays after its base when a run is reversed (L3-like),
//   so that a font places it on the right letter.

export type BidiDirection = 'ltr' | 'rtl';

/** A maximal piece of a line at one embedding level (odd is right-to-left); each function says in which order its characters are. */
export type BidiRun = { readonly text: string; readonly level: number };

const BidiClass = {
  L: 'L',
  R: 'R',
  EN: 'EN',
  ES: 'ES',
  ET: 'ET',
  CS: 'CS',
  NSM: 'NSM',
  WS: 'WS',
  ON: 'ON',
} as const;
type BidiClass = (typeof BidiClass)[keyof typeof BidiClass];

const hebrewMarks = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\uFB1E]/u;

function classify(ch: string): BidiClass {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp === 0x200e) return BidiClass.L;
  if (cp === 0x200f) return BidiClass.R;
  if (hebrewMarks.test(ch) || /\p{Mn}|\p{Me}/u.test(ch)) return BidiClass.NSM;
  if ((cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff && cp !== 0xfeff)) {
    if ((cp >= 0x0660 && cp <= 0x0669) || (cp >= 0x06f0 && cp <= 0x06f9)) return BidiClass.EN;
    return BidiClass.R;
  }
  if (cp >= 0x30 && cp <= 0x39) return BidiClass.EN;
  if (cp === 0x2b || cp === 0x2d || cp === 0x2212 || cp === 0xfb29) return BidiClass.ES;
  if (cp === 0x2c || cp === 0x2e || cp === 0x2f || cp === 0x3a || cp === 0xa0 || cp === 0x202f) return BidiClass.CS;
  if (
    (cp >= 0x23 && cp <= 0x25) ||
    (cp >= 0xa2 && cp <= 0xa5) ||
    cp === 0xb0 ||
    cp === 0xb1 ||
    (cp >= 0x2030 && cp <= 0x2034) ||
    (cp >= 0x20a0 && cp <= 0x20cf)
  ) {
    return BidiClass.ET;
  }
  if (/\s/u.test(ch) || (cp >= 0x200b && cp <= 0x200d)) return BidiClass.WS;
  if (/[\p{L}\p{Mc}\p{Nd}\p{Nl}]/u.test(ch)) return BidiClass.L;
  return BidiClass.ON;
}

const mirrored: Readonly<Record<string, string>> = {
  '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<',
  '«': '»', '»': '«', '‹': '›', '›': '‹', '⁅': '⁆', '⁆': '⁅',
};

/** The paragraph direction of `text` by its first strong character (UAX #9 P2–P3), or `fallback` when it has none. */
export function detectDirection(text: string, fallback: BidiDirection = 'ltr'): BidiDirection {
  for (const ch of text) {
    const c = classify(ch);
    if (c === BidiClass.R) return 'rtl';
    if (c === BidiClass.L) return 'ltr';
  }
  return fallback;
}

/** Embedding levels of each code point of `text` (logical order), after the rules up to L1. */
function resolveLevels(chars: readonly string[], direction: BidiDirection): number[] {
  const paragraphLevel = direction === 'rtl' ? 1 : 0;
  const sos: BidiClass = direction === 'rtl' ? BidiClass.R : BidiClass.L;
  const original = chars.map(classify);
  const types = original.slice();
  const n = types.length;

  // W1: a mark takes the type of what it combines with.
  for (let i = 0; i < n; i++) {
    if (types[i] === BidiClass.NSM) types[i] = i === 0 ? sos : types[i - 1];
  }
  // W4: one separator between two numbers joins them (2024-05-01, 3.5, 12:30).
  for (let i = 1; i < n - 1; i++) {
    if (types[i - 1] !== BidiClass.EN || types[i + 1] !== BidiClass.EN) continue;
    if (types[i] === BidiClass.ES || types[i] === BidiClass.CS) types[i] = BidiClass.EN;
  }
  // W5: terminators (%, ₪, #) next to a number belong to it.
  for (let i = 0; i < n; i++) {
    if (types[i] !== BidiClass.ET) continue;
    let end = i;
    while (end < n && types[end] === BidiClass.ET) end++;
    const touchesNumber = (i > 0 && types[i - 1] === BidiClass.EN) || (end < n && types[end] === BidiClass.EN);
    if (touchesNumber) for (let k = i; k < end; k++) types[k] = BidiClass.EN;
    i = end - 1;
  }
  // W6: remaining separators and terminators are neutral.
  for (let i = 0; i < n; i++) {
    if (types[i] === BidiClass.ES || types[i] === BidiClass.ET || types[i] === BidiClass.CS) types[i] = BidiClass.ON;
  }
  // W7: a number in left-to-right context is simply left-to-right text.
  let lastStrong: BidiClass = sos;
  for (let i = 0; i < n; i++) {
    if (types[i] === BidiClass.L || types[i] === BidiClass.R) lastStrong = types[i];
    else if (types[i] === BidiClass.EN && lastStrong === BidiClass.L) types[i] = BidiClass.L;
  }
  // N1/N2: neutrals between two equal directions take it (numbers count as R),
  // otherwise the paragraph direction.
  const strongOf = (t: BidiClass): BidiClass | null =>
    t === BidiClass.L ? BidiClass.L : t === BidiClass.R || t === BidiClass.EN ? BidiClass.R : null;
  for (let i = 0; i < n; i++) {
    if (strongOf(types[i]) !== null) continue;
    let end = i;
    while (end < n && strongOf(types[end]) === null) end++;
    const before = i === 0 ? sos : strongOf(types[i - 1]);
    const after = end === n ? sos : strongOf(types[end]);
    const resolved = before === after && before !== null ? before : sos;
    for (let k = i; k < end; k++) types[k] = resolved;
    i = end - 1;
  }
  // I1/I2: implicit levels.
  const levels = types.map((t) => {
    if (paragraphLevel === 0) return t === BidiClass.R ? 1 : t === BidiClass.EN ? 2 : 0;
    return t === BidiClass.R ? 1 : 2;
  });
  // L1: trailing whitespace returns to the paragraph level.
  for (let i = n - 1; i >= 0 && original[i] === BidiClass.WS; i--) levels[i] = paragraphLevel;
  return levels;
}

/**
 * The runs of one line of logical-order `text`, left to right as they are to be
 * drawn, each with its characters in visual order and mirrored brackets where
 * the run is right-to-left. `direction` is the paragraph direction.
 */
export function resolveVisualRuns(text: string, direction: BidiDirection): BidiRun[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [];
  const levels = resolveLevels(chars, direction);

  // Reorder clusters (a base and its combining marks) rather than code points.
  type Cluster = { text: string; level: number };
  const clusters: Cluster[] = [];
  for (let i = 0; i < chars.length; i++) {
    const isMark = i > 0 && classify(chars[i]) === BidiClass.NSM;
    if (isMark && clusters.length > 0) clusters[clusters.length - 1].text += chars[i];
    else clusters.push({ text: chars[i], level: levels[i] });
  }

  // L2: from the highest level down to the lowest odd level, reverse every
  // contiguous sequence at that level or above.
  const highest = Math.max(...clusters.map((c) => c.level));
  const lowestOdd = Math.min(...clusters.map((c) => (c.level % 2 === 1 ? c.level : c.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < clusters.length; i++) {
      if (clusters[i].level < level) continue;
      let end = i;
      while (end < clusters.length && clusters[end].level >= level) end++;
      const reversed = clusters.slice(i, end).reverse();
      clusters.splice(i, end - i, ...reversed);
      i = end - 1;
    }
  }

  // L4: brackets at right-to-left levels show their mirror image.
  const runs: { text: string; level: number }[] = [];
  for (const cluster of clusters) {
    const shown = cluster.level % 2 === 1 ? (mirrored[cluster.text] ?? cluster.text) : cluster.text;
    const last = runs[runs.length - 1];
    if (last && last.level === cluster.level) last.text += shown;
    else runs.push({ text: shown, level: cluster.level });
  }
  return runs;
}

/**
 * The runs of `text` in logical order, each with its embedding level (odd is
 * right-to-left). For formats whose reader reorders text itself, such as
 * DOCX, which only needs to know which runs are right-to-left.
 */
export function resolveLogicalRuns(text: string, direction: BidiDirection): BidiRun[] {
  const chars = Array.from(text);
  const levels = resolveLevels(chars, direction);
  const runs: { text: string; level: number }[] = [];
  chars.forEach((ch, i) => {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += ch;
    else runs.push({ text: ch, level: levels[i] });
  });
  return runs;
}
