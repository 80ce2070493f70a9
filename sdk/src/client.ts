// The registry's partner API, one method per operation (named by its
// operationId), typed from the document the registry serves (api.ts).
import type { components, operations } from './api.ts';
import { Transport, type RateLimitState, type TransportOptions } from './transport.ts';

type Schemas = components['schemas'];
type Json<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer Body } } } ? Body : never;

export type MezuzahRecord = Schemas['MezuzahRecord'];
export type MezuzahPage = Schemas['MezuzahPage'];
export type PublicCheckResult = Schemas['PublicCheckResult'];
export type Comparison = Schemas['Comparison'];
export type QrResolution = Schemas['QrResolution'];
export type CertificateUrls = Schemas['CertificateUrls'];
export type SaleRecord = Schemas['SaleRecord'];
export type SalePage = Schemas['SalePage'];
export type DirectoryEntry = Schemas['DirectoryEntry'];
export type DirectoryPage = Schemas['DirectoryPage'];
export type CreditBalance = Schemas['CreditBalance'];
export type Registration = Schemas['Registration'];
export type Sale = Schemas['Sale'];
export type TextCheckResult = Schemas['TextCheckResult'];
export type TextFinding = Schemas['TextFinding'];
export type StoredTextCheck = Schemas['StoredTextCheck'];
export type Verification = Schemas['Verification'];
export type Rejection = Schemas['Rejection'];
export type RejectionRequest = Schemas['RejectionRequest'];
export type ErrorBody = Schemas['Error'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEventType = NonNullable<Schemas['WebhookEndpointRequest']['events']>[number];

/** A photo: its bytes, or a Blob (a File from an `<input type=file>`). */
export type Photo = Blob | Uint8Array | ArrayBuffer;

/** Spec §4.2: a buyer who has an account, or the details of one who has none; exactly one. */
export type SaleInput =
  | { readonly to_uuid: string; readonly buyer?: never; readonly note?: string }
  | { readonly buyer: NonNullable<Schemas['SaleRequest']['buyer']>; readonly to_uuid?: never; readonly note?: string };

export type RegistrationInput = {
  readonly photo: Photo;
  /** The scribe's and examiner's account uuids. */
  readonly sofer: string;
  readonly megiah: string;
  /** YYYY-MM-DD. */
  readonly writtendate: string;
  readonly examinateddate: string;
  readonly font: string;
  readonly size: string;
  readonly note?: string;
  /** A buyer who owns the scroll at once (one credit). */
  readonly owner_uuid?: string;
};

export type PageQuery = { readonly page?: number; readonly per_page?: number };

/**
 * Makes a POST safe to send again. The client gives every sale, registration
 * and sticker sheet a random key of its own, kept across its retries; pass your
 * own to keep it across a restart of your program (store it with the order).
 */
export type WriteOptions = { readonly idempotencyKey?: string };

export type ClientOptions = TransportOptions;

/** A path parameter, escaped; `.` and `..` would be read as path steps, so no id or code is either. */
function segment(value: string): string {
  if (value === '' || value === '.' || value === '..') throw new TypeError(`"${value}" is not an id or code.`);
  return encodeURIComponent(value);
}

function photoBlob(photo: Photo): Blob {
  return photo instanceof Blob ? photo : new Blob([photo as BlobPart]);
}

export class MezuzahRegistryClient {
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    this.#transport = new Transport(options);
  }

  /** The rate limit of the last answer: how many requests the window allows, how many are left, and when it ends. */
  get rateLimit(): RateLimitState | undefined {
    return this.#transport.rateLimit;
  }

  // Public operations: no key.

  checkMezuzah(photo: Photo): Promise<Json<'checkMezuzah'>> {
    const form = new FormData();
    form.append('image', photoBlob(photo), 'scroll.jpg');
    return this.#transport.send({ method: 'POST', path: '/api/v1/public/check-mezuzah', form, authenticated: false, repeatable: true, expect: 'json' });
  }

  compareMezuzot(photo1: Photo, photo2: Photo): Promise<Json<'compareMezuzot'>> {
    const form = new FormData();
    form.append('image1', photoBlob(photo1), 'scroll-1.jpg');
    form.append('image2', photoBlob(photo2), 'scroll-2.jpg');
    return this.#transport.send({ method: 'POST', path: '/api/v1/public/compare-mezuzot', form, authenticated: false, repeatable: true, expect: 'json' });
  }

  scanQrcode(code: string): Promise<Json<'scanQrcode'>> {
    return this.#transport.send({ method: 'GET', path: `/api/v1/public/scan-qrcode/${segment(code)}`, authenticated: false, repeatable: true, expect: 'json' });
  }

  checkMezuzahText(photo: Photo): Promise<Json<'checkMezuzahText'>> {
    const form = new FormData();
    form.append('image', photoBlob(photo), 'scroll.jpg');
    return this.#transport.send({ method: 'POST', path: '/api/v1/public/text-check', form, authenticated: false, repeatable: true, expect: 'json' });
  }

  // Store operations: the key of a store (registering: of an agent).

  registerMezuzah(input: RegistrationInput, options: WriteOptions = {}): Promise<Json<'registerMezuzah'>> {
    const form = new FormData();
    const { photo, ...fields } = input;
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    form.append('mezuzah', photoBlob(photo), 'scroll.jpg');
    return this.#transport.send({
      method: 'POST',
      path: '/api/v1/store/register-mezuzah',
      form,
      authenticated: true,
      repeatable: false,
      idempotencyKey: options.idempotencyKey,
      expect: 'json',
    });
  }

  listInventory(query: PageQuery = {}): Promise<Json<'listInventory'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/inventory', query, authenticated: true, repeatable: true, expect: 'json' });
  }

  getMezuzah(uuid: string): Promise<Json<'getMezuzah'>> {
    return this.#transport.send({ method: 'GET', path: `/api/v1/store/mezuzah/${segment(uuid)}`, authenticated: true, repeatable: true, expect: 'json' });
  }

  getMezuzahCertificate(uuid: string): Promise<Json<'getMezuzahCertificate'>> {
    return this.#transport.send({
      method: 'GET',
      path: `/api/v1/store/mezuzah-certificate/${segment(uuid)}`,
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }

  /** The sticker's bytes: a PNG, or an SVG. */
  getMezuzahSticker(uuid: string, query: { readonly format?: 'png' | 'svg' } = {}): Promise<Uint8Array> {
    return this.#transport.send({
      method: 'GET',
      path: `/api/v1/store/mezuzah-sticker/${segment(uuid)}`,
      query,
      authenticated: true,
      repeatable: true,
      expect: 'bytes',
    });
  }

  /** The PDF of A4 label sheets. */
  printStickerSheet(body: { readonly uuids: readonly string[] }, options: WriteOptions = {}): Promise<Uint8Array> {
    return this.#transport.send({
      method: 'POST',
      path: '/api/v1/store/mezuzah-sticker-sheet',
      json: body,
      authenticated: true,
      repeatable: false,
      idempotencyKey: options.idempotencyKey,
      expect: 'bytes',
    });
  }

  getMezuzahTextCheck(uuid: string): Promise<Json<'getMezuzahTextCheck'>> {
    return this.#transport.send({
      method: 'GET',
      path: `/api/v1/store/mezuzah-text-check/${segment(uuid)}`,
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }

  sellMezuzah(uuid: string, sale: SaleInput, options: WriteOptions = {}): Promise<Json<'sellMezuzah'>> {
    return this.#transport.send({
      method: 'POST',
      path: `/api/v1/store/sell-mezuzah/${segment(uuid)}`,
      json: sale,
      authenticated: true,
      repeatable: false,
      idempotencyKey: options.idempotencyKey,
      expect: 'json',
    });
  }

  listSales(query: PageQuery = {}): Promise<Json<'listSales'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/sales-history', query, authenticated: true, repeatable: true, expect: 'json' });
  }

  getCredits(): Promise<Json<'getCredits'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/credits', authenticated: true, repeatable: true, expect: 'json' });
  }

  listSofersMegiahs(query: PageQuery & { readonly role?: 'sofer' | 'megiah' } = {}): Promise<Json<'listSofersMegiahs'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/sofers-megiahs', query, authenticated: true, repeatable: true, expect: 'json' });
  }

  lookupSoferMegiah(by: { readonly email: string } | { readonly username: string }): Promise<Json<'lookupSoferMegiah'>> {
    return this.#transport.send({
      method: 'GET',
      path: '/api/v1/store/sofers-megiahs/lookup',
      query: by,
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }

  /** Every scroll of the inventory, page after page. */
  eachInventoryScroll(): AsyncGenerator<MezuzahRecord> {
    return eachItem((query) => this.listInventory(query), 'mezuzot');
  }

  /** Every sale of the sales history, page after page. */
  eachSale(): AsyncGenerator<SaleRecord> {
    return eachItem((query) => this.listSales(query), 'sales');
  }

  /** Every confirmed sofer and megiah (or those of one role), page after page. */
  eachSoferMegiah(query: { readonly role?: 'sofer' | 'megiah' } = {}): AsyncGenerator<DirectoryEntry> {
    return eachItem((page) => this.listSofersMegiahs({ ...query, ...page }), 'sofers_megiahs');
  }

  // Webhooks (a store's key).

  listWebhookEndpoints(): Promise<Json<'listWebhookEndpoints'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/webhook-endpoints', authenticated: true, repeatable: true, expect: 'json' });
  }

  /** The answer holds the endpoint's secret, this once: keep it with your receiver. */
  createWebhookEndpoint(
    endpoint: { readonly url: string; readonly events: readonly WebhookEventType[]; readonly description?: string },
    options: WriteOptions = {},
  ): Promise<Json<'createWebhookEndpoint'>> {
    return this.#transport.send({
      method: 'POST',
      path: '/api/v1/store/webhook-endpoints',
      json: endpoint,
      authenticated: true,
      repeatable: false,
      idempotencyKey: options.idempotencyKey,
      expect: 'json',
    });
  }

  /** Retried as it is: deleting twice deletes once (a retry after a lost answer may then be a 404: the endpoint is gone either way). */
  deleteWebhookEndpoint(id: string): Promise<Json<'deleteWebhookEndpoint'>> {
    return this.#transport.send({ method: 'DELETE', path: `/api/v1/store/webhook-endpoints/${segment(id)}`, authenticated: true, repeatable: true, expect: 'json' });
  }

  /** A new secret, this once; the previous one still signs for 24 hours. */
  rotateWebhookSecret(id: string, options: WriteOptions = {}): Promise<Json<'rotateWebhookSecret'>> {
    return this.#transport.send({
      method: 'POST',
      path: `/api/v1/store/webhook-endpoints/${segment(id)}/rotate-secret`,
      authenticated: true,
      repeatable: false,
      idempotencyKey: options.idempotencyKey,
      expect: 'json',
    });
  }

  sendTestWebhookEvent(id: string): Promise<Json<'sendTestWebhookEvent'>> {
    return this.#transport.send({
      method: 'POST',
      path: `/api/v1/store/webhook-endpoints/${segment(id)}/test-event`,
      authenticated: true,
      // Sent again it is another test event: harmless, so retried as it is.
      repeatable: true,
      expect: 'json',
    });
  }

  listWebhookDeliveries(id: string, query: PageQuery = {}): Promise<Json<'listWebhookDeliveries'>> {
    return this.#transport.send({
      method: 'GET',
      path: `/api/v1/store/webhook-endpoints/${segment(id)}/deliveries`,
      query,
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }

  getLowCreditsThreshold(): Promise<Json<'getLowCreditsThreshold'>> {
    return this.#transport.send({ method: 'GET', path: '/api/v1/store/credits-low-threshold', authenticated: true, repeatable: true, expect: 'json' });
  }

  /** Setting the same value again changes nothing, so it is retried as it is. */
  setLowCreditsThreshold(threshold: number): Promise<Json<'setLowCreditsThreshold'>> {
    return this.#transport.send({
      method: 'POST',
      path: '/api/v1/store/credits-low-threshold',
      json: { threshold },
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }

  // Megiah operations: the key of the megiah named on the scroll. Both are idempotent on the registry's side.

  verifyMezuzah(uuid: string): Promise<Json<'verifyMezuzah'>> {
    return this.#transport.send({ method: 'POST', path: `/api/v1/megiah/verify-mezuzah/${segment(uuid)}`, authenticated: true, repeatable: true, expect: 'json' });
  }

  rejectMezuzah(uuid: string, rejection: RejectionRequest): Promise<Json<'rejectMezuzah'>> {
    return this.#transport.send({
      method: 'POST',
      path: `/api/v1/megiah/reject-mezuzah/${segment(uuid)}`,
      json: rejection,
      authenticated: true,
      repeatable: true,
      expect: 'json',
    });
  }
}

/** The largest page every listing allows. */
const MAX_PER_PAGE = 100;

async function* eachItem<Key extends string, Item>(
  list: (query: Required<PageQuery>) => Promise<{ readonly total: number; readonly per_page: number } & { readonly [K in Key]: readonly Item[] }>,
  itemsKey: Key,
): AsyncGenerator<Item> {
  for (let page = 0; ; page += 1) {
    const answer = await list({ page, per_page: MAX_PER_PAGE });
    yield* answer[itemsKey];
    // Ends on the registry's own page size and total, not on the size asked for.
    if (answer[itemsKey].length === 0 || (page + 1) * answer.per_page >= answer.total) return;
  }
}
