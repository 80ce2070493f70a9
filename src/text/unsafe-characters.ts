// The characters no stored text may hold, defined once: the domain refuses them
// on the way in (domain/text-fields.ts), and every renderer (HTML, SVG, the
// certificate's content) replaces them with U+FFFD on the way out, for values
// stored before the rule or written around the domain. Why each is unsafe:
// - controls (C0, DEL, C1): invisible, and XML 1.0 forbids most C0 controls
//   even as character references, so one in an SVG or a DOCX makes the file
//   unreadable (librsvg refused a certificate's SVG over one);
// - bidirectional embedding, override and isolate controls (U+202A–U+202E,
//   U+2066–U+2069): they reorder the text after them, so a name could show
//   reversed, or swallow the words printed beside it. The marks LRM and RLM
//   (U+200E, U+200F) are not among them: Hebrew text mixed with Latin and
//   numbers legitimately needs them, and they reorder nothing;
// - unpaired surrogates and noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF):
//   not text at all; UTF-8 cannot carry the one, XML forbids U+FFFE and U+FFFF.
// Tab, line feed and carriage return are controls too, but ordinary
// whitespace to every format here; whether a field may hold them is the
// field's choice (a note may span lines, a name may not).

export const UnsafeKind = {
  control: 'control',
  lineBreak: 'lineBreak',
  bidiControl: 'bidiControl',
  notText: 'notText',
} as const;
export type UnsafeKind = (typeof UnsafeKind)[keyof typeof UnsafeKind];

export type UnsafeCharacter = { readonly codePoint: number; readonly kind: UnsafeKind };

/** Controls other than the whitespace ones (tab, LF, CR). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** Tab, LF, CR and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** With the u flag a surrogate that is half of a pair is read as the pair, so only unpaired ones match. */
const NOT_TEXT = /[\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Everything a renderer replaces; tab, LF and CR stay (whitespace in HTML and XML alike). */
const REPLACED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}\p{Noncharacter_Code_Point}]/gu;

export const REPLACEMENT_CHARACTER = '\uFFFD';

function kindOf(ch: string, lineBreaksAllowed: boolean): UnsafeKind | null {
  if (CONTROL.test(ch)) return UnsafeKind.control;
  if (LINE_BREAK.test(ch)) return lineBreaksAllowed && (ch === '\n' || ch === '\t') ? null : UnsafeKind.lineBreak;
  if (BIDI_CONTROL.test(ch)) return UnsafeKind.bidiControl;
  if (NOT_TEXT.test(ch)) return UnsafeKind.notText;
  return null;
}

/**
 * The first character of `text` that stored text may not hold, or null. With
 * `lineBreaks`, LF and tab are allowed (a multi-line note); CR and the Unicode
 * separators never are, so callers turn them into LF first.
 */
export function findUnsafeCharacter(text: string, options: { readonly lineBreaks: boolean }): UnsafeCharacter | null {
  for (const ch of text) {
    const kind = kindOf(ch, options.lineBreaks);
    if (kind !== null) return { codePoint: ch.codePointAt(0) ?? 0, kind };
  }
  return null;
}

/** `U+202E`, as Unicode names a code point. */
export function formatCodePoint(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` with every character stored text may not hold replaced by U+FFFD, so
 * a reader sees that something was there. Tab, LF and CR are kept. The result
 * holds only characters XML 1.0 allows, and nothing that reorders text.
 */
export function replaceUnsafeCharacters(text: string): string {
  return text.replace(REPLACED, REPLACEMENT_CHARACTER);
}
