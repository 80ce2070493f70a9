// Passwords are hashed with scrypt (memory-hard, in node:crypto). The stored
// form names its parameters, so they can be raised later: a hash made with
// weaker ones still verifies, and is replaced at the next sign-in.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { fail, succeed, type Outcome } from '../errors.ts';

/**
 * One of OWASP's equivalent scrypt minimums (N=2^15, r=8, p=3): 32 MiB per
 * hash rather than the 128 MiB of N=2^17, p=1, so a burst of sign-ins cannot
 * exhaust the server's memory. Runs on libuv's thread pool, off the event loop.
 */
const CURRENT = { logN: 15, r: 8, p: 3 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

function scrypt(password: string, salt: Buffer, params: { logN: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Length is counted in characters (a Hebrew letter is one), after Unicode normalisation. */
export function checkPasswordRules(password: string): Outcome<string, 'invalid_request'> {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return fail('invalid_request', `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  if (length > PASSWORD_MAX_LENGTH) return fail('invalid_request', `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);
  if (password.trim() === '') return fail('invalid_request', 'The password must not be only spaces.');
  return succeed(password);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, CURRENT);
  return `scrypt$${CURRENT.logN}$${CURRENT.r}$${CURRENT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

type ParsedHash = { logN: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return undefined;
  return { logN, r, p, salt: Buffer.from(parts[4], 'base64'), key: Buffer.from(parts[5], 'base64') };
}

/** A fixed hash that matches no password, checked when there is no account, so timing does not reveal which emails exist. */
let decoy: Promise<string> | undefined;

export type PasswordCheck = { readonly matches: boolean; readonly needsRehash: boolean };

/** Compares in constant time; `stored` undefined (no account, or no password set) costs the same and never matches. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<PasswordCheck> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parseHash(stored ?? (await decoy)) ?? (parseHash(await decoy) as ParsedHash);
  const key = await scrypt(password, parsed.salt, parsed);
  const matches = stored !== undefined && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  const needsRehash = parsed.logN !== CURRENT.logN || parsed.r !== CURRENT.r || parsed.p !== CURRENT.p;
  return { matches, needsRehash: matches && needsRehash };
}
