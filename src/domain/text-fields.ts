import { fail, succeed, type Outcome } from '../errors.ts';
import { findUnsafeCharacter, formatCodePoint, UnsafeKind, type UnsafeCharacter } from '../text/unsafe-characters.ts';

/** For the OpenAPI description of a one-line text field (a name, a place, a size). */
export const ONE_LINE_TEXT_RULES =
  'One line: no control characters, line breaks or tabs; no bidirectional embedding, override or isolate controls (U+202A–U+202E, U+2066–U+2069; the marks LRM and RLM are fine); no unpaired surrogates or noncharacters. Refused with 400 `invalid_request` naming the field.';

/** For the OpenAPI description of a multi-line note. */
export const MULTI_LINE_TEXT_RULES =
  'Line feeds and tabs are kept (CR LF, CR, U+2028 and U+2029 are stored as a line feed); no other control characters; no bidirectional embedding, override or isolate controls (U+202A–U+202E, U+2066–U+2069; the marks LRM and RLM are fine); no unpaired surrogates or noncharacters. Refused with 400 `invalid_request` naming the field.';

/** Every way of ending a line that a multi-line field stores as a line feed. */
const LINE_ENDINGS = /\r\n?|[\u2028\u2029]/g;

function refusal(field: string, found: UnsafeCharacter, multiLine: boolean): string {
  const at = formatCodePoint(found.codePoint);
  switch (found.kind) {
    case UnsafeKind.control:
      return multiLine
        ? `${field} must not contain control characters other than line feeds and tabs (found ${at}).`
        : `${field} must not contain control characters (found ${at}).`;
    case UnsafeKind.lineBreak:
      return `${field} must be one line, without line breaks or tabs (found ${at}).`;
    case UnsafeKind.bidiControl:
      return `${field} must not contain bidirectional embedding, override or isolate controls (found ${at}); the marks LRM and RLM are allowed.`;
    case UnsafeKind.notText:
      return `${field} must not contain unpaired surrogates or noncharacters (found ${at}).`;
  }
}

/**
 * A trimmed free-text value within bounds, or a failure naming the field.
 * Every free text a client stores passes here, so the characters it refuses
 * (text/unsafe-characters.ts) never reach a certificate, a sticker or a page
 * from a new value. One line unless `multiLine` (a note), which keeps line
 * feeds and tabs and stores every other line ending as a line feed.
 */
export function requireText(
  value: string | undefined,
  field: string,
  options: { readonly max: number; readonly optional?: boolean; readonly multiLine?: boolean },
): Outcome<string, 'invalid_request'> {
  const multiLine = options.multiLine === true;
  const raw = value ?? '';
  const text = (multiLine ? raw.replace(LINE_ENDINGS, '\n') : raw).trim();
  if (text === '' && options.optional !== true) return fail('invalid_request', `${field} is required.`);
  const unsafe = findUnsafeCharacter(text, { lineBreaks: multiLine });
  if (unsafe !== null) return fail('invalid_request', refusal(field, unsafe, multiLine));
  if (text.length > options.max) return fail('invalid_request', `${field} must be at most ${options.max} characters.`);
  return succeed(text);
}
