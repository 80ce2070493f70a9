// Every redirect whose target a client may choose (the language switch's
// `back`, sign-in's `next`) goes through sameOriginPath: only a path on this
// site comes out, already serialised by the URL parser, so nothing a client
// sends can point a browser at another origin or break the Location header.

/** A placeholder origin: what matters is whether the candidate keeps it, not what it is. */
const THIS_SITE = 'http://this-site.invalid';

/**
 * Browsers drop tabs and newlines inside URLs and read a backslash as a
 * slash, so `/\t/evil.example` and `/\evil.example` are other origins to
 * them; and a control character cannot travel in a header at all.
 */
const UNSAFE_CHARACTERS = /[\u0000-\u001F\u007F\\]/;

/**
 * The path, query and fragment of `candidate` when it names a page on this
 * site; undefined for anything else (another origin, a scheme, a protocol-
 * relative `//host`, control characters, backslashes, an empty value).
 */
export function sameOriginPath(candidate: string | undefined): string | undefined {
  if (candidate === undefined || !candidate.startsWith('/') || UNSAFE_CHARACTERS.test(candidate)) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, THIS_SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== THIS_SITE) return undefined;
  return url.pathname + url.search + url.hash;
}
