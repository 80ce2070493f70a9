// What a certificate or a QR sticker states, gathered by the domain layer before
// any rendering: renderers are pure functions of these values and do no I/O.
import type { RejectionReason } from '../text/rejection-reasons.ts';

export type PersonOnCertificate = {
  readonly uuid: string;
  readonly username: string;
  /** Relative URL (`static/...`) of the diploma on file, or '' when none; printed as the diploma reference. */
  readonly diplomaRef: string;
};

/**
 * Where the computer text check of the registration photo stands (issue 53):
 * still to run, given up, or done with how many findings and letters read.
 * Null for a scroll that has none.
 */
export type CertificateTextCheck =
  | { readonly state: 'pending' }
  | { readonly state: 'failed'; readonly checkedAt: string }
  | {
      readonly state: 'done';
      /** `YYYY-MM-DD HH:MM:SS` UTC */
      readonly checkedAt: string;
      readonly findings: number;
      /** Of the text's 713. */
      readonly lettersRead: number;
    };

export type CertificatePayload = {
  readonly scroll: {
    readonly uuid: string;
    readonly font: string;
    readonly size: string;
    readonly note: string;
    /** YYYY-MM-DD */
    readonly writtenDate: string;
    /** YYYY-MM-DD */
    readonly examinedDate: string;
    /** YYYY-MM-DD, or null when never repaired. */
    readonly lastRepairedDate: string | null;
    /** Registration time, `YYYY-MM-DD HH:MM:SS` UTC. */
    readonly registeredAt: string;
    readonly isVerified: boolean;
    /** `YYYY-MM-DD HH:MM:SS` UTC, or null while unverified. */
    readonly verifiedAt: string | null;
    /** Username of whoever confirmed the examination, or null while unverified. */
    readonly verifiedBy: string | null;
    /** Set while the scroll stands rejected by its megiah (never with isVerified). */
    readonly rejection: {
      /** `YYYY-MM-DD HH:MM:SS` UTC */
      readonly at: string;
      /** Username of whoever rejected it. */
      readonly by: string;
      readonly reason: RejectionReason;
    } | null;
  };
  readonly textCheck: CertificateTextCheck | null;
  /** The short code printed on the sticker and the URL its QR encodes (`{PUBLIC_BASE_URL}/q/{code}`). */
  readonly qr: { readonly code: string; readonly url: string };
  /** JPEG preview of the registration photo, or null. */
  readonly preview: Uint8Array | null;
  readonly sofer: PersonOnCertificate;
  readonly megiah: PersonOnCertificate;
  readonly store: { readonly uuid: string; readonly username: string; readonly city: string; readonly country: string };
  /** When this certificate was issued, `YYYY-MM-DD HH:MM:SS` UTC. */
  readonly issuedAt: string;
};

/** One QR sticker: the code in human-readable form under the QR of its URL. */
export type StickerPayload = { readonly code: string; readonly url: string };
