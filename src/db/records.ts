// What repositories hand to the domain: plain values, never driver rows.
// Internal numeric ids stay below the HTTP layer; clients see only uuids.

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
  /** Storage key of the original photo; private, never served. */
  readonly photoKey: string;
  /** Storage key of the public, downsized preview. */
  readonly previewKey: string;
  readonly createdAt: string;
};

export type NewScroll = Omit<Scroll, 'id' | 'isVerified' | 'verifiedAt' | 'verifiedById' | 'lastRepairedDate'>;

export type PersonRef = { readonly uuid: string; readonly username: string };

/** A scroll with what the store view shows beside it. */
export type ScrollDetails = Scroll & {
  readonly sofer: PersonRef;
  readonly megiah: PersonRef;
  readonly certificatePdfKey: string | null;
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

export type Page<T> = { readonly total: number; readonly items: readonly T[] };
export type PageRequest = { readonly offset: number; readonly limit: number };

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
