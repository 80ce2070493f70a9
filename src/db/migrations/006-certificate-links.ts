// Every certificate ever issued for a scroll, by the key its files share, so
// that a link sent to a buyer keeps leading to the scroll's current
// certificate after it is reissued (its own files are removed then).
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // `link_prefix` is what the certificate's file keys share before their extension (no file itself): `public/certificates/{uuid}/{token}`.
    `CREATE TABLE certificate_links (
      link_prefix TEXT PRIMARY KEY,
      scroll_id ${t.ref} NOT NULL REFERENCES scrolls (id)
    )`,
    `INSERT INTO certificate_links (link_prefix, scroll_id)
      SELECT substr(pdf_key, 1, length(pdf_key) - 4), scroll_id FROM certificates WHERE pdf_key LIKE '%.pdf'`,
  ];
}
