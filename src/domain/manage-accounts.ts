// What an admin does to accounts from the portal: list them, confirm sofers
// and megiahs (only confirmed ones are in the directory and may be named on a
// registration), and turn a store into an agent (which may register scrolls)
// or back. Every call checks that the acting account is an admin.
import type { Account, Page, PageRequest, Role } from '../db/records.ts';
import { roles } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { isStore } from './accounts.ts';
import type { DomainDeps } from './deps.ts';

/** The key cache, where there is one (the server's), forgets an account that changed: its keys' next use reads it anew. */
type Deps = Pick<DomainDeps, 'db'> & Partial<Pick<DomainDeps, 'keyCache'>>;

export type AccountListFilter = { readonly role?: string; readonly search?: string };

export async function listAccounts(
  deps: Deps,
  admin: Account,
  filter: AccountListFilter,
  page: PageRequest,
): Promise<Outcome<Page<Account>, 'forbidden' | 'invalid_request'>> {
  if (admin.role !== 'admin') return fail('forbidden');
  return listAccountsAsOperator(deps, filter, page);
}

/** The same list for the operator at the server's console (the admin CLI), who acts as no account. */
export async function listAccountsAsOperator(
  deps: Deps,
  filter: AccountListFilter,
  page: PageRequest,
): Promise<Outcome<Page<Account>, 'invalid_request'>> {
  const role = filter.role === undefined || filter.role === '' ? undefined : filter.role;
  if (role !== undefined && !(roles as readonly string[]).includes(role)) return fail('invalid_request', `role must be one of ${roles.join(', ')}.`);
  const search = (filter.search ?? '').trim().slice(0, 100);
  return succeed(await deps.db.accounts.list({ role: role as Role | undefined, search }, page));
}

export async function readAccount(deps: Deps, admin: Account, uuid: string): Promise<Outcome<Account, 'forbidden' | 'invalid_request'>> {
  if (admin.role !== 'admin') return fail('forbidden');
  const account = await deps.db.accounts.findByUuid(uuid);
  return account === undefined ? fail('invalid_request', 'No such account.') : succeed(account);
}

/** Confirms (or withdraws the confirmation of) a sofer or megiah. */
export async function confirmPractitioner(
  deps: Deps,
  admin: Account,
  uuid: string,
  confirmed: boolean,
): Promise<Outcome<Account, 'forbidden' | 'invalid_request'>> {
  const account = await readAccount(deps, admin, uuid);
  if (!account.ok) return account;
  if (account.value.role !== 'sofer' && account.value.role !== 'megiah') {
    return fail('invalid_request', 'Only sofers and megiahs are confirmed.');
  }
  const updated = await deps.db.accounts.setConfirmed(account.value.id, confirmed);
  deps.keyCache?.forgetAccount(account.value.id);
  return updated === undefined ? fail('invalid_request', 'No such account.') : succeed(updated);
}

/** Sets the agent flag of a store: an agent is a store that may also register scrolls. */
export async function setAgent(
  deps: Deps,
  admin: Account,
  uuid: string,
  agent: boolean,
): Promise<Outcome<Account, 'forbidden' | 'invalid_request'>> {
  const account = await readAccount(deps, admin, uuid);
  if (!account.ok) return account;
  const { role } = account.value;
  if (!isStore(account.value)) return fail('invalid_request', 'Only store accounts can be agents.');
  if ((role === 'agent') === agent) return succeed(account.value);
  const updated = await deps.db.accounts.changeRole(account.value.id, role, agent ? 'agent' : 'store');
  deps.keyCache?.forgetAccount(account.value.id);
  // Another admin changed it meanwhile; report what it is now.
  return succeed(updated ?? (await deps.db.accounts.findById(account.value.id)) ?? account.value);
}
