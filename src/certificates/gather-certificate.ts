// Gathering is the only I/O of a certificate: it reads the scroll's people and
// preview once, so the renderers stay pure functions of the payload.
import { createHash } from 'node:crypto';
import type { Repositories } from '../db/database.ts';
import type { Account, ScrollDetails, ScrollTextCheck } from '../db/records.ts';
import { formatTimestamp, type Clock } from '../domain/clock.ts';
import { publicUrlOf, type FileStorage } from '../files/file-storage.ts';
import type { CertificatePayload, CertificateTextCheck, PersonOnCertificate } from './payload.ts';

export type GatherDeps = {
  readonly db: Pick<Repositories, 'accounts' | 'scrollTextChecks'>;
  readonly files: Pick<FileStorage, 'get'>;
  readonly clock: Clock;
  readonly publicBaseUrl: string;
};

export function qrUrlOf(publicBaseUrl: string, code: string): string {
  return `${publicBaseUrl}/q/${code}`;
}

export async function gatherCertificate(deps: GatherDeps, scroll: ScrollDetails): Promise<CertificatePayload> {
  const account = async (id: number): Promise<Account> => {
    const found = await deps.db.accounts.findById(id);
    if (found === undefined) throw new Error(`Scroll ${scroll.uuid} names missing account ${id}.`);
    return found;
  };
  const person = (a: Account): PersonOnCertificate => ({
    uuid: a.uuid,
    username: a.username,
    diplomaRef: publicUrlOf(a.diplomaKey),
  });
  const [sofer, megiah, store, verifier, preview, textCheck] = await Promise.all([
    account(scroll.soferId),
    account(scroll.megiahId),
    account(scroll.registeredById),
    scroll.verifiedById === null ? null : account(scroll.verifiedById),
    deps.files.get(scroll.previewKey),
    deps.db.scrollTextChecks.find(scroll.id),
  ]);
  return {
    scroll: {
      uuid: scroll.uuid,
      font: scroll.font,
      size: scroll.size,
      note: scroll.note,
      writtenDate: scroll.writtenDate,
      examinedDate: scroll.examinedDate,
      lastRepairedDate: scroll.lastRepairedDate,
      registeredAt: scroll.createdAt,
      isVerified: scroll.isVerified,
      verifiedAt: scroll.isVerified ? scroll.verifiedAt : null,
      verifiedBy: scroll.isVerified ? (verifier?.username ?? null) : null,
      // The megiah's note is for the store; the certificate states the reason only.
      rejection: scroll.rejection === null ? null : { at: scroll.rejection.at, by: scroll.rejection.by.username, reason: scroll.rejection.reason },
    },
    textCheck: textCheck === undefined ? null : textCheckOnCertificate(textCheck),
    qr: { code: scroll.qrCode, url: qrUrlOf(deps.publicBaseUrl, scroll.qrCode) },
    preview,
    sofer: person(sofer),
    megiah: person(megiah),
    store: { uuid: store.uuid, username: store.username, city: store.city, country: store.country },
    issuedAt: formatTimestamp(deps.clock.now()),
  };
}

/** What the certificate says of a text check: its state, and once done how many findings and letters read, not the findings. */
function textCheckOnCertificate(check: ScrollTextCheck): CertificateTextCheck {
  switch (check.state) {
    case 'pending':
      return { state: 'pending' };
    case 'failed':
      return { state: 'failed', checkedAt: check.checkedAt };
    case 'done':
      return { state: 'done', checkedAt: check.checkedAt, findings: check.findings.length, lettersRead: check.read.letters };
  }
}

/**
 * Identifies what a certificate states, leaving out when it was issued: a
 * stored certificate is reused while this digest is unchanged and reissued
 * as soon as any stated fact (verification, names, preview...) differs.
 */
export function certificateFactsDigest(payload: CertificatePayload): string {
  const { issuedAt: _issuedAt, preview, ...facts } = payload;
  const previewDigest = preview === null ? null : createHash('sha256').update(preview).digest('hex');
  return createHash('sha256').update(JSON.stringify({ ...facts, previewDigest })).digest('hex');
}
