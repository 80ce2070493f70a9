// What use cases depend on, passed explicitly. Each use case takes only the
// part it needs (Pick<...>), so the admin CLI can run without an engine.
import type { CertificatePayload } from '../certificates/payload.ts';
import type { Database } from '../db/database.ts';
import type { IdentificationEngine } from '../engine/types.ts';
import type { FileStorage } from '../files/file-storage.ts';
import type { Clock } from './clock.ts';
import type { KeyedLock } from './keyed-lock.ts';
import type { WebhookSender } from '../webhooks/webhook-sender.ts';
import type { ApiKeyCache } from './api-key-cache.ts';

export type CertificateRenderers = {
  readonly pdf: (payload: CertificatePayload) => Promise<Uint8Array>;
  readonly png: (payload: CertificatePayload) => Promise<Uint8Array>;
  readonly docx: (payload: CertificatePayload) => Promise<Uint8Array>;
};

/** Implemented by sync-fingerprint-index.ts; declared here, as the renderers are, so that the implementation can take its part of DomainDeps without an import cycle. */
export type FingerprintIndexSync = {
  /** Adds to the engine every fingerprint committed since the previous catch-up; resolves to how many. */
  catchUp(): Promise<number>;
  /**
   * Catches up whenever the database announces new fingerprints and at least
   * every `intervalMs`; failures go to `onError` and the next round retries.
   * Returns the call that stops it.
   */
  follow(intervalMs: number, onError: (error: unknown) => void): () => void;
  /**
   * Milliseconds since the index last held everything the database had when a
   * catch-up began (null before the first): how far behind the other nodes'
   * registrations this node may be. It grows while catch-ups fail.
   */
  sinceCaughtUpMs(): number | null;
};

export type DomainDeps = {
  readonly db: Database;
  readonly engine: IdentificationEngine;
  /** Keeps `engine`'s index caught up with the fingerprints every node writes. */
  readonly indexSync: FingerprintIndexSync;
  readonly files: FileStorage;
  readonly clock: Clock;
  readonly locks: KeyedLock;
  readonly renderers: CertificateRenderers;
  /** What this node remembers of API keys (api-key-cache.ts): revocations elsewhere reach it within its time to live. */
  readonly keyCache: ApiKeyCache;
  /** Sends webhook deliveries, and vets the URLs they go to. */
  readonly webhooks: WebhookSender;
  /** What the spec calls `{base_url}`; QR codes encode `{publicBaseUrl}/q/{code}`. */
  readonly publicBaseUrl: string;
};
