// Small factories that build what a test needs through the domain's own use
// cases, so test data obeys the same rules as real data.
import type { Account } from '../../src/db/records.ts';
import { createAccount, type CreateAccountInput } from '../../src/domain/create-account.ts';
import type { DomainDeps } from '../../src/domain/deps.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { createApiKey } from '../../src/domain/manage-api-keys.ts';
import { registerScroll, type RegisterScrollInput } from '../../src/domain/register-scroll.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { scrollPhoto } from './photos.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

type Deps = Pick<DomainDeps, 'db' | 'files' | 'clock' | 'engine' | 'indexSync' | 'locks' | 'renderers' | 'publicBaseUrl'>;

function expectOk<T>(outcome: { ok: true; value: T } | { ok: false; code: string; msg: string }, what: string): T {
  if (!outcome.ok) throw new Error(`factory ${what} failed: ${outcome.code} ${outcome.msg}`);
  return outcome.value;
}

export async function makeAccount(deps: Deps, input: Partial<CreateAccountInput> & { role: string }): Promise<Account> {
  const id = unique();
  return expectOk(
    await createAccount(deps, { username: `${input.role}-${id}`, email: `${input.role}-${id}@example.test`, ...input }),
    'account',
  );
}

export type TestStore = { readonly account: Account; readonly key: string };

export async function makeStore(
  deps: Deps,
  options: { readonly agent?: boolean; readonly credits?: number; readonly role?: string } = {},
): Promise<TestStore> {
  const account = await makeAccount(deps, {
    role: options.role ?? 'store',
    agent: options.agent ?? true,
    country: 'Israel',
    city: 'Jerusalem',
    lat: 31.778,
    lng: 35.235,
  });
  if ((options.credits ?? 0) > 0) expectOk(await grantCredits(deps, account.uuid, options.credits ?? 0), 'credits');
  const key = expectOk(await createApiKey(deps, account.uuid), 'api key').key;
  return { account, key };
}

export async function makeKeyFor(deps: Deps, account: Account): Promise<string> {
  return expectOk(await createApiKey(deps, account.uuid), 'api key').key;
}

export const makeSofer = (deps: Deps, input: Partial<CreateAccountInput> = {}) =>
  makeAccount(deps, { role: 'sofer', confirmed: true, country: 'Israel', city: 'Safed', ...input });

export const makeMegiah = (deps: Deps, input: Partial<CreateAccountInput> = {}) =>
  makeAccount(deps, { role: 'megiah', confirmed: true, megiahType: 'certified', country: 'Israel', city: 'Bnei Brak', ...input });

export const makeBuyer = (deps: Deps, input: Partial<CreateAccountInput> = {}) =>
  makeAccount(deps, { role: 'user', country: 'France', city: 'Paris', lat: 48.856613, lng: 2.352222, ...input });

export type TestScroll = { readonly uuid: string; readonly qrCode: string; readonly photo: Uint8Array };

/** Registers a scroll through the domain, with a fresh photo unless one is given. */
export async function makeScroll(
  deps: Deps,
  store: Account,
  input: Partial<RegisterScrollInput> & { readonly verified?: boolean } = {},
): Promise<TestScroll> {
  const photo = input.photo ?? (await scrollPhoto());
  const sofer = input.sofer ?? (await makeSofer(deps)).uuid;
  const megiah = input.megiah ?? (await makeMegiah(deps)).uuid;
  const registered = expectOk(
    await registerScroll(deps, store, {
      writtendate: '2024-01-10',
      examinateddate: '2024-02-20',
      font: 'Beit Yosef',
      size: '12 cm',
      note: '',
      ...input,
      photo,
      sofer,
      megiah,
    }),
    'scroll',
  );
  if (input.verified === true) expectOk(await verifyScroll(deps, registered.uuid), 'verify');
  return { ...registered, photo };
}
