// What repositories hand to the domain: plain values, never driver rows.
// Internal numeric ids stay below the HTTP layer; clients see only uuids.
import type { RejectionReason } from '../text/rejection-reasons.ts';

export const roles = ['user', 'store', 'agent', 'sofer', 'megiah', 'admin'] as const;
export type Role = (typeof roles)[number];

export type Account = {
  readonly id: number;
  readonly uuid: string;
  readonly role: Role;
  readonly username: string;
  readonly email: string;
  readonly confirmed: boolean;
  readonly megiahType: string | null;
  readonly company: string | null;
  readonly country: string;
  readonly state: string;
  readonly city: string;
  readonly lat: number | null;
  readonly lng: number | null;
  /** Storage key of the avatar, or null. */
  readonly avatarKey: string | null;
  /** Storage key of the diploma (sofer, megiah), or null. */
  readonly diplomaKey: string | null;
  /** `YYYY-MM-DD HH:MM:SS` UTC */
  readonly createdAt: string;
};

export type NewAccount = Omit<Account, 'id'>;

export type ApiKey = {
  readonly id: number;
  readonly publicId: string;
  readonly accountId: number;
  /** The holder's own name for the key ("shop till"); may be empty for keys made before labels. */
  readonly label: string;
  readonly displayPrefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  readonly lastUsedAt: string | null;
};

export type Scroll = {
  readonly id: number;
  readonly uuid: string;
  readonly qrCode: string;
  readonly registeredById: number;
  readonly ownerId: number;
  readonly soferId: number;
  readonly megiahId: number;
  readonly font: string;
  readonly size: string;
  readonly note: string;
  /** YYYY-MM-DD */
  readonly writtenDate: string;
  /** YYYY-MM-DD */
  readonly examinedDate: string;
  readonly lastRepairedDate: string | null;
  readonly isVerified: boolean;
  readonly verifiedAt: string | null;
  readonly verifiedById: number | null;
  /** The megiah's decision that rejected the scroll, while that is its latest; never set on a verified scroll. */
  readonly rejectionId: number | null;
  /** Storage key of the original photo; private, never served. */
  readonly photoKey: string;
  /** Storage key of the public, downsized preview. */
  readonly previewKey: string;
  readonly createdAt: string;
};

export type NewScroll = Omit<Scroll, 'id' | 'isVerified' | 'verifiedAt' | 'verifiedById' | 'rejectionId' | 'lastRepairedDate'>;

export type PersonRef = { readonly uuid: string; readonly username: string };

/** A scroll with what the store view shows beside it. */
export type ScrollDetails = Scroll & {
  readonly sofer: PersonRef;
  readonly megiah: PersonRef;
  readonly certificatePdfKey: string | null;
  /** Why and by whom the scroll was rejected, while its latest decision is a rejection. */
  readonly rejection: ScrollRejection | null;
};

export type ScrollRejection = {
  readonly reason: RejectionReason;
  readonly note: string;
  /** `YYYY-MM-DD HH:MM:SS` UTC */
  readonly at: string;
  readonly by: PersonRef & { readonly role: Role };
};

export const megiahDecisionKinds = ['verify', 'reject'] as const;
export type MegiahDecisionKind = (typeof megiahDecisionKinds)[number];

/** One confirmation or rejection of a scroll's examination, as the history keeps it. */
export type MegiahDecision = {
  readonly id: number;
  readonly scrollId: number;
  /** Who decided: the scroll's megiah, or an admin. */
  readonly accountId: number;
  readonly decision: MegiahDecisionKind;
  /** Set for a rejection, null for a confirmation. */
  readonly reason: RejectionReason | null;
  readonly note: string;
  readonly createdAt: string;
};

/** A decision in a history listing, with the scroll it was about and where that scroll stands now. */
export type MegiahDecisionDetails = MegiahDecision & {
  readonly scroll: {
    readonly uuid: string;
    readonly qrCode: string;
    readonly font: string;
    readonly size: string;
    readonly isVerified: boolean;
    /** This decision is the scroll's current rejection. */
    readonly stillRejected: boolean;
  };
};

export type Sale = {
  readonly id: number;
  readonly uuid: string;
  readonly scrollId: number;
  readonly sellerId: number;
  readonly buyerId: number;
  readonly note: string;
  readonly createdAt: string;
};

export type SaleDetails = Sale & { readonly scrollUuid: string; readonly buyer: PersonRef };

export const creditReasons = ['grant', 'sale', 'owner_registration'] as const;
export type CreditReason = (typeof creditReasons)[number];

export type CreditEntry = {
  readonly id: number;
  readonly accountId: number;
  readonly delta: number;
  readonly reason: CreditReason;
  readonly scrollId: number | null;
  readonly saleId: number | null;
  readonly balanceAfter: number;
  /** A grant's reason as the admin wrote it; empty for consumptions. */
  readonly note: string;
  /** The admin who granted; null for consumptions and for grants made by the CLI. */
  readonly grantedById: number | null;
  readonly createdAt: string;
  /** The scroll a consumption paid for; null for grants. */
  readonly scrollUuid: string | null;
};

export type Certificate = {
  readonly scrollId: number;
  readonly factsDigest: string;
  readonly pdfKey: string;
  readonly pngKey: string;
  readonly docxKey: string | null;
  readonly issuedAt: string;
};

/** One finding of a scroll's text check, as kept (the engine's TextFinding). */
export type StoredTextFinding = {
  readonly kind: string;
  readonly line: number;
  readonly word: number;
  readonly letter: number | null;
  readonly expected: string;
  readonly found: string;
  readonly confidence: number;
  readonly box: readonly [number, number, number, number];
};

export type TextVerdict = 'no_errors_found' | 'errors_found';

/** How much of the text a check read: lines, words, letters. */
export type TextReadCounts = { readonly lines: number; readonly words: number; readonly letters: number };

/** The text check of a scroll's registration photo: still to run, done, or given up (with why). */
export type ScrollTextCheck =
  | { readonly scrollId: number; readonly state: 'pending' }
  | {
      readonly scrollId: number;
      readonly state: 'done';
      readonly checkedAt: string;
      readonly verdict: TextVerdict;
      readonly findings: readonly StoredTextFinding[];
      readonly read: TextReadCounts;
    }
  | { readonly scrollId: number; readonly state: 'failed'; readonly checkedAt: string; readonly failure: string };

/** A pending text check one runner holds; `claimedAt` and `attempt` tell its claim from any later one. */
export type TextCheckClaim = { readonly scrollId: number; readonly photoKey: string; readonly claimedAt: string; readonly attempt: number };

export type Page<T> = { readonly total: number; readonly items: readonly T[] };
export type PageRequest = { readonly offset: number; readonly limit: number };
/** The next `limit` rows, newest first, older than the row `beforeId` (null: from the newest). */
export type BatchCursor = { readonly beforeId: number | null; readonly limit: number };

/** A signed-in browser. The token itself lives only in the cookie. */
export type Session = {
  readonly id: number;
  readonly accountId: number;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
};

export type Invitation = {
  readonly id: number;
  readonly accountId: number;
  readonly createdById: number | null;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
};

/** A store's webhook endpoint (issue 54). `eventTypes` as subscribed; the previous secret signs too until it expires. */
export type WebhookEndpoint = {
  readonly id: number;
  readonly publicId: string;
  readonly accountId: number;
  readonly url: string;
  readonly description: string;
  readonly eventTypes: readonly string[];
  readonly secret: string;
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: string | null;
  readonly createdAt: string;
};

export type NewWebhookEndpoint = Omit<WebhookEndpoint, 'id' | 'previousSecret' | 'previousSecretExpiresAt'>;

/** Something that happened to a store, to be told to its endpoints: `data` is the delivered JSON object. */
export type WebhookEvent = {
  readonly id: number;
  readonly publicId: string;
  readonly accountId: number;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
};

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one endpoint, as far as it has gone. */
export type WebhookDelivery = {
  readonly id: number;
  readonly eventPublicId: string;
  readonly eventType: string;
  readonly state: WebhookDeliveryState;
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  readonly lastAttemptAt: string | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly deliveredAt: string | null;
  readonly createdAt: string;
};

/** A delivery a sender holds (a lease, as a text check's claim): what to send, where, signed with what. */
export type WebhookDeliveryClaim = {
  readonly deliveryId: number;
  readonly claimedAt: string;
  readonly attempt: number;
  readonly giveUpAt: string;
  readonly event: WebhookEvent;
  readonly endpoint: WebhookEndpoint;
  /** Deleted after the delivery was written: it is given up, not sent. */
  readonly endpointDeleted: boolean;
};

/** What one attempt came to: an HTTP status, or no answer and why. */
export type WebhookAttemptResult = { readonly status: number | null; readonly error: string | null; readonly durationMs: number };
