// The signature of a webhook delivery, as Stripe signs its own: an HMAC-SHA256
// over `{timestamp}.{body}` with the endpoint's secret, sent as
// `Mezuzah-Signature: t={timestamp},v1={hex}` (one v1 per secret while a
// rotated secret still signs). The timestamp lets a receiver refuse replays of
// an old delivery; docs/partners.md shows how to check it.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Mezuzah-Signature';

export function signatureHeader(body: string, secrets: readonly string[], timestampSeconds: number): string {
  const signed = `${timestampSeconds}.${body}`;
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${timestampSeconds}`, ...signatures].join(',');
}
