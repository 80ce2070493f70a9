import { certificateFactsDigest, gatherCertificate } from '../certificates/gather-certificate.ts';
import type { Account, Certificate, ScrollDetails } from '../db/records.ts';
import { succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { newFileToken } from './identifiers.ts';
import { readStoreScroll } from './read-store-scroll.ts';

export type CertificateDeps = Pick<DomainDeps, 'db' | 'files' | 'clock' | 'locks' | 'renderers' | 'publicBaseUrl'>;

/** Per scroll, so two requests for one certificate render it once. */
const lockKey = (scrollUuid: string) => `certificate:${scrollUuid}`;

/**
 * The store's certificate for a scroll it owns: rendered once, stored, and
 * reissued only when the facts it states have changed.
 */
export async function issueCertificate(
  deps: CertificateDeps,
  store: Account,
  scrollUuid: string,
): Promise<Outcome<Certificate, 'scroll_not_found' | 'scroll_not_owned'>> {
  return deps.locks.run(lockKey(scrollUuid), async () => {
    const scroll = await readStoreScroll(deps, store, scrollUuid);
    if (!scroll.ok) return scroll;
    return succeed(await bringUpToDate(deps, scroll.value));
  });
}

/**
 * Called after a change to a scroll's facts (verification): reissues the stored
 * certificate at once if what it states no longer holds, whoever owns the
 * scroll now, since after a sale no store can ask for it again and the QR page
 * links the current one. A scroll without a certificate gets none; stores ask.
 */
export async function refreshCertificate(deps: CertificateDeps, scrollUuid: string): Promise<Certificate | undefined> {
  return deps.locks.run(lockKey(scrollUuid), async () => {
    const scroll = await deps.db.scrolls.findByUuid(scrollUuid);
    if (scroll === undefined || (await deps.db.certificates.find(scroll.id)) === undefined) return undefined;
    return bringUpToDate(deps, scroll);
  });
}

/** Files are written before the row that names them; replaced files are removed after. */
async function bringUpToDate(deps: CertificateDeps, scroll: ScrollDetails): Promise<Certificate> {
  const payload = await gatherCertificate(deps, scroll);
  const digest = certificateFactsDigest(payload);
  const current = await deps.db.certificates.find(scroll.id);
  if (current !== undefined && current.factsDigest === digest) return current;

  const { renderers } = deps;
  const [pdf, png, docx] = await Promise.all([renderers.pdf(payload), renderers.png(payload), renderers.docx(payload)]);
  const base = `public/certificates/${scroll.uuid}/${newFileToken()}`;
  const issued: Certificate = {
    scrollId: scroll.id,
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
    const previous = await deps.db.transaction(async (tx) => {
      await tx.certificates.recordLink(base, scroll.id);
      return tx.certificates.replace(issued);
    });
    if (previous !== undefined) await forgetCertificate(deps, previous);
  } catch (error) {
    await forgetCertificate(deps, issued);
    throw error;
  }
  return issued;
}

/** Removes a certificate's files once no row names them. */
export async function forgetCertificate(deps: Pick<DomainDeps, 'files'>, certificate: Certificate): Promise<void> {
  await Promise.all(
    [certificate.pdfKey, certificate.pngKey, certificate.docxKey]
      .filter((key) => key !== null)
      .map((key) => deps.files.remove(key)),
  );
}

/** Certificate files share `{base}.{format}`; a link names one of them. */
const CERTIFICATE_FILE = /^(public\/certificates\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+)\.(pdf|png|docx)$/;

/**
 * Where a link to a certificate's file leads once that certificate has been
 * reissued: the same format of the scroll's current certificate, or null when
 * the key names no certificate ever issued (or the scroll has none now).
 * Links sent to buyers keep working, and never show superseded facts.
 */
export async function currentCertificateFileFor(deps: Pick<DomainDeps, 'db'>, key: string): Promise<string | null> {
  const match = CERTIFICATE_FILE.exec(key);
  if (match === null) return null;
  const current = await deps.db.certificates.findCurrentByLink(match[1]);
  if (current === undefined) return null;
  const format = match[2] as 'pdf' | 'png' | 'docx';
  return { pdf: current.pdfKey, png: current.pngKey, docx: current.docxKey }[format];
}
