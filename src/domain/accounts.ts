// Rules about accounts that several use cases share.
import type { Account, Role } from '../db/records.ts';
import { fail, type Outcome } from '../errors.ts';
import { requireText } from './text-fields.ts';

/** Store endpoints (and the portal's store pages) accept these roles; `agent` is a store that may also register scrolls. */
export const STORE_ROLES = ['store', 'agent'] as const satisfies readonly Role[];

export function isStore(account: Account): boolean {
  return (STORE_ROLES as readonly Role[]).includes(account.role);
}

/** A scroll owned by anyone but a store has left the trade: it counts as sold. */
export function isBuyerRole(role: Role): boolean {
  return role === 'user';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/** The one rule set for a username, whoever gives it: an admin, the CLI, a store naming a new buyer. */
export function requireUsername(value: string | undefined, field: string): Outcome<string, 'invalid_request'> {
  return requireText(value, field, { max: 100 });
}

/** The one rule set for an email, whoever gives it. */
export function requireEmail(value: string | undefined, field: string): Outcome<string, 'invalid_request'> {
  const email = requireText(value, field, { max: 254 });
  if (email.ok && !isEmail(email.value)) return fail('invalid_request', `${field} must be an email address.`);
  return email;
}
