// The demo's accounts, made with the admin CLI's own use cases, straight in the
// database the server uses. Found again by email on a rerun. Each run gives
// each demo store a new API key under the demo's label, revoking the one an
// earlier run made (a key is shown once: the database keeps only its hash),
// and sets fresh portal passwords for the main store and the first megiah,
// so that whoever ran the demo can sign in and try the portal.
import type { Account } from '../../src/db/records.ts';
import { createAccount, type CreateAccountInput } from '../../src/domain/create-account.ts';
import type { DomainDeps } from '../../src/domain/deps.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { randomBytes } from 'node:crypto';
import { createApiKey, listApiKeys, revokeApiKey } from '../../src/domain/manage-api-keys.ts';
import { setPassword } from '../../src/domain/set-password.ts';

export type DemoDeps = Pick<DomainDeps, 'db' | 'files' | 'clock'>;

/** Credits each demo store starts with, to try sell-mezuzah and registration with an owner. */
export const DEMO_STORE_CREDITS = 25;

// Several agent stores share the registrations: the spec limits register-mezuzah to
// 30 a minute per key, and a few hundred scrolls should not take ten minutes.
const STORES: readonly CreateAccountInput[] = [
  { role: 'store', agent: true, username: 'Demo Judaica Jerusalem', email: 'store-jerusalem@demo.mezuzah.example', country: 'Israel', city: 'Jerusalem', lat: 31.7784, lng: 35.2066, company: 'Demo Judaica Ltd' },
  { role: 'store', agent: true, username: 'Demo Stam Bnei Brak', email: 'store-bnei-brak@demo.mezuzah.example', country: 'Israel', city: 'Bnei Brak', lat: 32.0807, lng: 34.8338 },
  { role: 'store', agent: true, username: 'Demo Sofrus Brooklyn', email: 'store-brooklyn@demo.mezuzah.example', country: 'United States', state: 'New York', city: 'Brooklyn', lat: 40.6782, lng: -73.9442 },
  { role: 'store', agent: true, username: 'Demo Mezuzot London', email: 'store-london@demo.mezuzah.example', country: 'United Kingdom', city: 'London', lat: 51.5072, lng: -0.1276 },
  { role: 'store', agent: true, username: 'Demo Judaica Paris', email: 'store-paris@demo.mezuzah.example', country: 'France', city: 'Paris', lat: 48.8566, lng: 2.3522 },
  { role: 'store', agent: true, username: 'Demo Stam Antwerp', email: 'store-antwerp@demo.mezuzah.example', country: 'Belgium', city: 'Antwerp', lat: 51.2194, lng: 4.4025 },
];
const SOFERS: readonly CreateAccountInput[] = [
  { role: 'sofer', confirmed: true, username: 'Demo Sofer Moshe Katz', email: 'sofer-katz@demo.mezuzah.example', country: 'Israel', city: 'Safed' },
  { role: 'sofer', confirmed: true, username: 'Demo Sofer Yaakov Levin', email: 'sofer-levin@demo.mezuzah.example', country: 'Israel', city: 'Jerusalem' },
  { role: 'sofer', confirmed: true, username: 'Demo Sofer Chaim Weiss', email: 'sofer-weiss@demo.mezuzah.example', country: 'United States', city: 'Brooklyn' },
  { role: 'sofer', confirmed: true, username: 'Demo Sofer David Peretz', email: 'sofer-peretz@demo.mezuzah.example', country: 'France', city: 'Paris' },
];
const MEGIAHS: readonly CreateAccountInput[] = [
  { role: 'megiah', confirmed: true, megiahType: 'senior', username: 'Demo Megiah Rav Shlomo Levi', email: 'megiah-levi@demo.mezuzah.example', country: 'Israel', city: 'Jerusalem' },
  { role: 'megiah', confirmed: true, megiahType: 'computer and visual', username: 'Demo Megiah Rav Aharon Stern', email: 'megiah-stern@demo.mezuzah.example', country: 'United States', city: 'Brooklyn' },
];
const BUYER: CreateAccountInput = { role: 'user', username: 'Demo Buyer', email: 'buyer@demo.mezuzah.example', country: 'Israel', city: 'Haifa', lat: 32.794, lng: 34.9896 };

export type DemoStore = { readonly account: Account; readonly key: string };

/** The label of the demo's keys: a rerun replaces the key under it instead of adding another. */
export const DEMO_KEY_LABEL = 'npm run demo';

/** An account to sign in to the portal as, with the password this run set. */
export type DemoSignIn = { readonly account: Account; readonly password: string };

export type DemoAccounts = {
  readonly stores: readonly DemoStore[];
  readonly sofers: readonly Account[];
  readonly megiahs: readonly Account[];
  readonly buyer: Account;
  /** The main store and the first megiah, with the portal passwords this run set. */
  readonly signIns: readonly DemoSignIn[];
  /** Accounts this run created (0 when a previous run made them all). */
  readonly created: number;
};

export class DemoSetupError extends Error {
  override readonly name = 'DemoSetupError';
}

async function ensureAccount(deps: DemoDeps, input: CreateAccountInput): Promise<{ account: Account; created: boolean }> {
  const existing = await deps.db.accounts.findByEmail(input.email);
  const role = input.agent === true ? 'agent' : input.role;
  if (existing !== undefined) {
    if (existing.role !== role) {
      throw new DemoSetupError(`${input.email} already belongs to a ${existing.role} account, not a ${role}; the demo will not change it.`);
    }
    return { account: existing, created: false };
  }
  const outcome = await createAccount(deps, input);
  if (!outcome.ok) throw new DemoSetupError(`creating the demo account ${input.username}: ${outcome.msg}`);
  return { account: outcome.value, created: true };
}

/** Creates the demo accounts that are missing, and one new API key per demo store. */
export async function ensureDemoAccounts(deps: DemoDeps): Promise<DemoAccounts> {
  let created = 0;
  const ensure = async (input: CreateAccountInput) => {
    const result = await ensureAccount(deps, input);
    if (result.created) created++;
    return result;
  };
  const stores: DemoStore[] = [];
  for (const input of STORES) {
    const { account, created: isNew } = await ensure(input);
    if (isNew) {
      const granted = await grantCredits(deps, account.uuid, DEMO_STORE_CREDITS);
      if (!granted.ok) throw new DemoSetupError(`granting credits to ${account.username}: ${granted.msg}`);
    }
    stores.push({ account, key: await replaceDemoKey(deps, account) });
  }
  const sofers: Account[] = [];
  for (const input of SOFERS) sofers.push((await ensure(input)).account);
  const megiahs: Account[] = [];
  for (const input of MEGIAHS) megiahs.push((await ensure(input)).account);
  const buyer = (await ensure(BUYER)).account;
  const signIns = [await withFreshPassword(deps, stores[0].account), await withFreshPassword(deps, megiahs[0])];
  return { stores, sofers, megiahs, buyer, signIns, created };
}

/**
 * A new key under the demo's label; the demo's earlier keys of this store (its
 * label, or none: runs before labels) are revoked. Demo accounts hold no other keys.
 */
async function replaceDemoKey(deps: DemoDeps, account: Account): Promise<string> {
  for (const earlier of await listApiKeys(deps, account)) {
    if (earlier.revokedAt === null && (earlier.label === DEMO_KEY_LABEL || earlier.label === '')) await revokeApiKey(deps, earlier.publicId, account);
  }
  const key = await createApiKey(deps, account.uuid, DEMO_KEY_LABEL);
  if (!key.ok) throw new DemoSetupError(`creating an API key for ${account.username}: ${key.msg}`);
  return key.value.key;
}

/** Sets a new random password (and ends the account's portal sessions, as any password change does). */
async function withFreshPassword(deps: DemoDeps, account: Account): Promise<DemoSignIn> {
  const password = `demo-${randomBytes(9).toString('base64url')}`;
  const set = await setPassword(deps, account, password);
  if (!set.ok) throw new DemoSetupError(`setting a portal password for ${account.username}: ${set.msg}`);
  return { account, password };
}
