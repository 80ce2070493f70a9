import { hash, randomBytes, randomUUID } from 'node:crypto';

export function newUuid(): string {
  return randomUUID();
}

// Crockford's base32: no I, L, O or U, so a code read off a sticker cannot be
// misread, and it is URL-safe. 32 symbols make each character exactly 5
// random bits, with no modulo bias.
export const QR_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 symbols = 60 random bits: unguessable, short enough to print under the QR. */
export const QR_CODE_LENGTH = 12;

function randomSymbols(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export function newQrCode(): string {
  return randomSymbols(QR_CODE_ALPHABET, QR_CODE_LENGTH);
}

/** Reads a code as typed by a person: case and Crockford's look-alikes forgiven. */
export function normalizeQrCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== QR_CODE_LENGTH) return null;
  for (const symbol of code) if (!QR_CODE_ALPHABET.includes(symbol)) return null;
  return code;
}

/** Recognizable in logs and secret scanners; the rest is 256 random bits. */
export const API_KEY_PREFIX = 'mzr_';

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Keys carry 256 random bits, so a fast unsalted hash is enough: there is no
 * dictionary to attack, and lookup by hash needs it to be deterministic.
 */
export function hashApiKey(key: string): string {
  return hashSecretToken(key);
}

/**
 * Session and invitation tokens, like API keys, are 256 random bits: stored
 * and looked up by their SHA-256 alone, for the same reason.
 */
export function hashSecretToken(token: string): string {
  // The one-shot form: a key is hashed on every request, and it builds no Hash object.
  return hash('sha256', token, 'hex');
}

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newApiKeyPublicId(): string {
  return 'key_' + randomSymbols(QR_CODE_ALPHABET.toLowerCase(), 16);
}

/** An unguessable file-name component, so URLs of generated files cannot be enumerated. */
export function newFileToken(): string {
  return randomBytes(12).toString('base64url');
}

/** A webhook endpoint's and an event's public ids: recognisable by their prefix, unguessable by the rest. */
export function newWebhookEndpointId(): string {
  return 'we_' + randomSymbols(QR_CODE_ALPHABET.toLowerCase(), 16);
}

export function newWebhookEventId(): string {
  return 'evt_' + randomSymbols(QR_CODE_ALPHABET.toLowerCase(), 20);
}

/** Recognizable in logs and secret scanners, as an API key is; the rest is 256 random bits. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}
