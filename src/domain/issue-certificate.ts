import { certificateFactsDigest, gatherCertificate } from '../certificates/gather-certificate.ts';
import type { Account, Certificate } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { newFileToken } from './identifiers.ts';
import { readStoreScroll } from './read-store-scroll.ts';

/**
 * The store's certificate for a scroll it owns: rendered once, stored, and
 * reissued only when the facts it states have changed. Files are written
 * before the row that names them; replaced files are removed after.
 */
export async function issueCertificate(
  deps: Pick<DomainDeps, 'db' | 'files' | 'clock' | 'locks' | 'renderers' | 'publicBaseUrl'>,
  store: Account,
  scrollUuid: string,
): Promise<Outcome<Certificate, 'scroll_not_found' | 'scroll_not_owned'>> {
  // Per scroll, so two requests for one certificate render it once.
  return deps.locks.run(`certificate:${scrollUuid}`, async () => {
    const scroll = await readStoreScroll(deps, store, scrollUuid);
    if (!scroll.ok) return scroll;
    const payload = await gatherCertificate(deps, scroll.value);
    const digest = certificateFactsDigest(payload);
    const current = await deps.db.certificates.find(scroll.value.id);
    if (current !== undefined && current.factsDigest === digest) return succeed(current);

    const { renderers } = deps;
    const [pdf, png, docx] = await Promise.all([renderers.pdf(payload), renderers.png(payload), renderers.docx(payload)]);
    const base = `public/certificates/${scroll.value.uuid}/${newFileToken()}`;
    const issued: Certificate = {
      scrollId: scroll.value.id,
      factsDigest: digest,
      pdfKey: `${base}.pdf`,
      pngKey: `${base}.png`,
      docxKey: `${base}.docx`,
      issuedAt: payload.issuedAt,
    };
    try {
      await deps.files.put(issued.pdfKey, pdf);
      await deps.files.put(issued.pngKey, png);
      await deps.files.put(`${base}.docx`, docx);
      const previous = await deps.db.transaction((tx) => tx.certificates.replace(issued));
      if (previous !== undefined) await forgetCertificate(deps, previous);
    } catch (error) {
      await forgetCertificate(deps, issued);
      throw error;
    }
    return succeed(issued);
  });
}

/** Removes a certificate's files once no row names them. */
export async function forgetCertificate(deps: Pick<DomainDeps, 'files'>, certificate: Certificate): Promise<void> {
  await Promise.all(
    [certificate.pdfKey, certificate.pngKey, certificate.docxKey]
      .filter((key) => key !== null)
      .map((key) => deps.files.remove(key)),
  );
}

