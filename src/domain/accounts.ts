// Rules about accounts that several use cases share.
import type { Account, Role } from '../db/records.ts';

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
