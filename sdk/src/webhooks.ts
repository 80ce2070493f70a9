// Checking a webhook delivery before trusting it: its Mezuzah-Signature header
// holds `t={unix seconds}` and one `v1={hex}` per secret that signed it (two
// while a rotated secret still signs); a v1 must be the HMAC-SHA256 of
// `{t}.{raw body}` with your endpoint's secret, and t recent, or the request
// is not from the registry (or is an old one replayed). Web Crypto only, so it
// runs wherever fetch does.
import type { components } from './api.ts';

export type WebhookEvent = components['schemas']['WebhookEvent'];

/** A delivery whose signature does not hold: answer it 400 and drop it. */
export class MezuzahSignatureError extends Error {
  override readonly name = 'MezuzahSignatureError';
}

/** How old a delivery may be (default): longer than any clock skew, shorter than a replay is useful for. */
const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The event, once `rawBody` (the request's body exactly as received, before
 * any JSON parsing) is shown signed with `secret` by `signatureHeader` (the
 * request's `Mezuzah-Signature`) within `toleranceSeconds` of now. Throws
 * MezuzahSignatureError otherwise. Deliveries come at least once: drop an
 * event whose `id` you have handled.
 */
export async function verifyWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  options: { readonly toleranceSeconds?: number; readonly nowSeconds?: number } = {},
): Promise<WebhookEvent> {
  const fields = (signatureHeader ?? '').split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const timestamp = Number(fields.find(([name]) => name === 't')?.[1]);
  const signatures = fields.filter(([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => value);
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new MezuzahSignatureError('No Mezuzah-Signature with a timestamp and a v1 signature.');
  const now = options.nowSeconds ?? Date.now() / 1000;
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    throw new MezuzahSignatureError('The delivery is too old (or the clocks too far apart): it may be a replay.');
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${rawBody}`)));
  if (!signatures.some((signature) => sameBytes(expected, hexBytes(signature)))) throw new MezuzahSignatureError('No signature matches this secret.');
  return JSON.parse(rawBody) as WebhookEvent;
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from({ length: hex.length / 2 }, (_, index) => parseInt(hex.slice(index * 2, index * 2 + 2), 16));
}

/** Compares in time that does not depend on where the bytes differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index] ^ b[index];
  return difference === 0;
}
