// How many wrong passwords the sign-in form accepts before it answers 429.
// Failures are counted, not attempts: an owner who signs in spends nothing.
// The counters live in the rate-limit store (Redis across nodes), keyed on a
// hash of the typed email, so an unknown email is throttled exactly like a
// real one and the 429 reveals no account.
import { hashSecretToken } from '../../domain/identifiers.ts';
import type { AppDeps } from '../app-deps.ts';

const WINDOW_MS = 15 * 60_000;

/** One address guessing one account: it slows only itself, the owner elsewhere is untouched. */
const FAILURES_PER_ACCOUNT_AND_IP = 10;

/** One address trying a few passwords on many accounts (spraying). Office NATs share it, so a few accounts' worth. */
const FAILURES_PER_IP = 30;

/**
 * Failures on one account from every address together, past which only
 * addresses that have signed in to it before may still try: a botnet spread
 * over many addresses is held to this many guesses a window, while the owner
 * at a familiar address still signs in. Above the per-address figure so that
 * one address alone never reaches it.
 */
const FAILURES_PER_ACCOUNT = 3 * FAILURES_PER_ACCOUNT_AND_IP;

/** How long a successful sign-in makes its address familiar to the account (a fixed window from that sign-in; the first sign-in after it lapses opens another). */
const FAMILIAR_MS = 30 * 24 * 3600_000;

type Buckets = { readonly ip: string; readonly accountAndIp: string; readonly account: string; readonly familiar: string };

function bucketsOf(email: string, ip: string): Buckets {
  const account = hashSecretToken(email.toLowerCase());
  return {
    ip: `sign-in failures ip:${ip}`,
    accountAndIp: `sign-in failures ${account} ip:${ip}`,
    account: `sign-in failures ${account}`,
    familiar: `sign-in familiar ${account} ip:${ip}`,
  };
}

/** When the throttle refuses, the end of the window that refuses (epoch ms); null when the attempt may go ahead. */
export async function signInRefusedUntil(deps: Pick<AppDeps, 'rateLimit'>, email: string, ip: string, nowMs: number): Promise<number | null> {
  const store = deps.rateLimit.store;
  const buckets = bucketsOf(email, ip);
  const [byIp, byAccountAndIp, byAccount] = await Promise.all([
    store.peek(buckets.ip, nowMs),
    store.peek(buckets.accountAndIp, nowMs),
    store.peek(buckets.account, nowMs),
  ]);
  if (byIp !== null && byIp.count >= FAILURES_PER_IP) return byIp.resetAtMs;
  if (byAccountAndIp !== null && byAccountAndIp.count >= FAILURES_PER_ACCOUNT_AND_IP) return byAccountAndIp.resetAtMs;
  if (byAccount !== null && byAccount.count >= FAILURES_PER_ACCOUNT && (await store.peek(buckets.familiar, nowMs)) === null) return byAccount.resetAtMs;
  return null;
}

/** Counts a wrong password against the address, the account at that address, and the account. */
export async function recordSignInFailure(deps: Pick<AppDeps, 'rateLimit'>, email: string, ip: string, nowMs: number): Promise<void> {
  const store = deps.rateLimit.store;
  const buckets = bucketsOf(email, ip);
  await Promise.all([store.hit(buckets.ip, WINDOW_MS, nowMs), store.hit(buckets.accountAndIp, WINDOW_MS, nowMs), store.hit(buckets.account, WINDOW_MS, nowMs)]);
}

/** Makes the address familiar to the account, so a distributed attack on it does not shut this address out. */
export async function recordSignInSuccess(deps: Pick<AppDeps, 'rateLimit'>, email: string, ip: string, nowMs: number): Promise<void> {
  await deps.rateLimit.store.hit(bucketsOf(email, ip).familiar, FAMILIAR_MS, nowMs);
}
