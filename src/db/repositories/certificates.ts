import type { SqlExecutor } from '../driver.ts';
import type { Certificate } from '../records.ts';
import { sql } from '../sql.ts';

type CertificateRow = {
  scroll_id: number | string;
  facts_digest: string;
  pdf_key: string;
  png_key: string;
  docx_key: string | null;
  issued_at: string;
};

function toCertificate(row: CertificateRow): Certificate {
  return {
    scrollId: Number(row.scroll_id),
    factsDigest: row.facts_digest,
    pdfKey: row.pdf_key,
    pngKey: row.png_key,
    docxKey: row.docx_key,
    issuedAt: row.issued_at,
  };
}

export function certificateRepository(db: SqlExecutor) {
  return {
    async find(scrollId: number): Promise<Certificate | undefined> {
      const row = await db.one<CertificateRow>(sql`SELECT * FROM certificates WHERE scroll_id = ${scrollId}`);
      return row && toCertificate(row);
    },

    /** Records the current certificate; returns the one it replaced, whose files the caller removes. */
    async replace(certificate: Certificate): Promise<Certificate | undefined> {
      const previous = await this.find(certificate.scrollId);
      await db.run(sql`
        INSERT INTO certificates (scroll_id, facts_digest, pdf_key, png_key, docx_key, issued_at)
        VALUES (${certificate.scrollId}, ${certificate.factsDigest}, ${certificate.pdfKey}, ${certificate.pngKey},
          ${certificate.docxKey}, ${certificate.issuedAt})
        ON CONFLICT (scroll_id) DO UPDATE SET facts_digest = excluded.facts_digest, pdf_key = excluded.pdf_key,
          png_key = excluded.png_key, docx_key = excluded.docx_key, issued_at = excluded.issued_at`);
      return previous;
    },

    /** Remembers a newly issued certificate's files by their shared key (without extension), so links to them outlive them. */
    async recordLink(baseKey: string, scrollId: number): Promise<void> {
      await db.run(sql`INSERT INTO certificate_links (link_prefix, scroll_id) VALUES (${baseKey}, ${scrollId}) ON CONFLICT (link_prefix) DO NOTHING`);
    },

    /** The current certificate of the scroll whose certificate was once issued under `baseKey`. */
    async findCurrentByLink(baseKey: string): Promise<Certificate | undefined> {
      const row = await db.one<CertificateRow>(sql`
        SELECT certificates.* FROM certificate_links JOIN certificates ON certificates.scroll_id = certificate_links.scroll_id
        WHERE certificate_links.link_prefix = ${baseKey}`);
      return row && toCertificate(row);
    },

    /** Forgets the certificate so the next request issues a fresh one; returns it for file clean-up. */
    async remove(scrollId: number): Promise<Certificate | undefined> {
      const previous = await this.find(scrollId);
      if (previous !== undefined) await db.run(sql`DELETE FROM certificates WHERE scroll_id = ${scrollId}`);
      return previous;
    },
  };
}
