// The demo's accounts, made with the admin CLI's own use cases, straight in the
// database the server uses. Found again by email on a rerun; only API keys are
// new each time, because a key is shown once and the database keeps its hash.
import type { Account } from '../db/records.ts';
import { createAccount, type CreateAccountInput } from '../domain/create-account.ts';
import type { DomainDeps } from '../domain/deps.ts';
import { grantCredits } from '../domain/grant-credits.ts';
import { createApiKey } from '../domain/manage-api-keys.ts';

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

export type DemoAccounts = {
  readonly stores: readonly DemoStore[];
  readonly sofers: readonly Account[];
  readonly megiahs: readonly Account[];
  readonly buyer: Account;
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
    const key = await createApiKey(deps, account.uuid);
    if (!key.ok) throw new DemoSetupError(`creating an API key for ${account.username}: ${key.msg}`);
    stores.push({ account, key: key.value.key });
  }
  const sofers: Account[] = [];
  for (const input of SOFERS) sofers.push((await ensure(input)).account);
  const megiahs: Account[] = [];
  for (const input of MEGIAHS) megiahs.push((await ensure(input)).account);
  const buyer = (await ensure(BUYER)).account;
  return { stores, sofers, megiahs, buyer, created };
}
