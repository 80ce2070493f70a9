import type { Account } from '../../db/records.ts';
import type { Language, Words } from './language.ts';

/** What every portal view needs besides its own data; built per request by the HTTP layer. */
export type ViewContext = {
  readonly lang: Language;
  /** The signed-in account, or null for a visitor. */
  readonly account: Account | null;
  /** Goes into every form (see http/portal/session.ts). */
  readonly csrfToken: string;
  /** This page's path and query, for the language switch to come back to. */
  readonly path: string;
  /** A one-time message from the previous step (after a redirect). */
  readonly flash: { readonly kind: 'ok' | 'error'; readonly words: Words } | null;
  /** Fingerprinted asset URLs, cacheable for ever. */
  readonly assets: { readonly css: string; readonly js: string; readonly mark: string };
};
