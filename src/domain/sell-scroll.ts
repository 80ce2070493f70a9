import type { Repositories } from '../db/database.ts';
import { UniqueViolationError } from '../db/driver.ts';
import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { requireEmail, requireUsername } from './accounts.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { newUuid } from './identifiers.ts';
import { readStoreScroll } from './read-store-scroll.ts';
import { requireText } from './text-fields.ts';
import { transact } from './transact.ts';
import { consumeCredit, recordWebhookEvent } from './webhook-events.ts';

/**
 * A buyer with an account, by uuid (the API's `to_uuid`) or by email or
 * username (the portal's form), or the details of one without (created, or
 * reused by email).
 */
export type BuyerInput =
  | { readonly kind: 'existing'; readonly uuid: string }
  | { readonly kind: 'account'; readonly by: 'email' | 'username'; readonly value: string }
  | {
      readonly kind: 'new';
      readonly username: string;
      readonly email: string;
      readonly country?: string;
      readonly city?: string;
    };

export type SellScrollInput = { readonly scrollUuid: string; readonly buyer: BuyerInput; readonly note: string };

export type CompletedSale = { readonly saleUuid: string; readonly buyerUuid: string };

type Failures = 'invalid_request' | 'unusable_buyer' | 'scroll_not_found' | 'scroll_not_owned' | 'no_credits';

/**
 * The one answer for a buyer that cannot be sold to, whether `to_uuid` names
 * no account or one that is not a buyer, or `buyer.email` is a non-buyer's:
 * a reason per case would tell a store which uuids and emails have accounts.
 * A username that several buyers share (buyers' names may repeat) names none
 * of them, and gets the same answer.
 */
const UNUSABLE_BUYER = 'to_uuid or buyer.email must name a buyer (user) account, or buyer.email an address no account has.';
const UNNAMED_BUYER = 'The buyer must be named by the email or username of a buyer (user) account.';

/**
 * Everything happens in one transaction: a sale that fails (not owned, no
 * credits) creates no buyer account, moves no scroll and consumes nothing.
 */
export async function sellScroll(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  store: Account,
  input: SellScrollInput,
): Promise<Outcome<CompletedSale, Failures>> {
  const note = requireText(input.note, 'note', { max: 2000, optional: true, multiLine: true });
  if (!note.ok) return note;
  const buyerDetails = validateBuyer(input.buyer);
  if (!buyerDetails.ok) return buyerDetails;

  const at = formatTimestamp(deps.clock.now());
  try {
    return await recordSale(deps, store, input.scrollUuid, buyerDetails.value, note.value, at);
  } catch (error) {
    // Two concurrent sales to one new buyer email (possible when transactions
    // run in parallel, as on PostgreSQL): the loser's account insert violates
    // the unique email. Its transaction rolled back; once more, it finds the
    // winner's account and reuses it.
    if (!(error instanceof UniqueViolationError) || buyerDetails.value.kind !== 'new') throw error;
    return recordSale(deps, store, input.scrollUuid, buyerDetails.value, note.value, at);
  }
}

function recordSale(
  deps: Pick<DomainDeps, 'db'>,
  store: Account,
  scrollUuid: string,
  buyerDetails: BuyerInput,
  note: string,
  at: string,
): Promise<Outcome<CompletedSale, Failures>> {
  return transact(deps.db, async (tx) => {
    const scroll = await readStoreScroll({ db: tx }, store, scrollUuid);
    if (!scroll.ok) return scroll;

    const buyer = await resolveBuyer(tx, buyerDetails, at);
    if (!buyer.ok) return buyer;

    const sale = await tx.sales.insert({
      uuid: newUuid(),
      scrollId: scroll.value.id,
      sellerId: store.id,
      buyerId: buyer.value.id,
      note,
      createdAt: at,
    });
    // Conditional on the current owner: of two concurrent sales of one scroll, one moves it.
    if (!(await tx.scrolls.transferOwnership(scroll.value.id, store.id, buyer.value.id))) {
      return fail('scroll_not_owned');
    }
    const balance = await consumeCredit(tx, {
      accountId: store.id,
      reason: 'sale',
      scrollId: scroll.value.id,
      saleId: sale.id,
      at,
    });
    if (balance === null) return fail('no_credits', 'No credits left to record a sale.');
    await recordWebhookEvent(tx, {
      accountId: store.id,
      type: 'sale.recorded',
      data: { mezuzah_uuid: scroll.value.uuid, create_time: at, note, to: { uuid: buyer.value.uuid, username: buyer.value.username } },
      at,
    });
    return succeed({ saleUuid: sale.uuid, buyerUuid: buyer.value.uuid });
  });
}

function validateBuyer(buyer: BuyerInput): Outcome<BuyerInput, 'invalid_request' | 'unusable_buyer'> {
  if (buyer.kind === 'existing') return succeed(buyer);
  if (buyer.kind === 'account') {
    const value = buyer.value.trim();
    return value === '' ? fail('unusable_buyer', UNNAMED_BUYER) : succeed({ ...buyer, value });
  }
  const username = requireUsername(buyer.username, 'buyer.username');
  if (!username.ok) return username;
  const email = requireEmail(buyer.email, 'buyer.email');
  if (!email.ok) return email;
  const country = requireText(buyer.country, 'buyer.country', { max: 100, optional: true });
  if (!country.ok) return country;
  const city = requireText(buyer.city, 'buyer.city', { max: 100, optional: true });
  if (!city.ok) return city;
  return succeed({ kind: 'new', username: username.value, email: email.value, country: country.value, city: city.value });
}

async function resolveBuyer(tx: Repositories, buyer: BuyerInput, at: string): Promise<Outcome<Account, 'unusable_buyer'>> {
  if (buyer.kind === 'existing') {
    const account = await tx.accounts.findByUuid(buyer.uuid);
    if (account === undefined || account.role !== 'user') return fail('unusable_buyer', UNUSABLE_BUYER);
    return succeed(account);
  }
  if (buyer.kind === 'account') {
    const account = buyer.by === 'email' ? await tx.accounts.findByEmail(buyer.value) : await tx.accounts.findOnlyBuyerNamed(buyer.value);
    if (account === undefined || account.role !== 'user') return fail('unusable_buyer', UNNAMED_BUYER);
    return succeed(account);
  }
  const existing = await tx.accounts.findByEmail(buyer.email);
  if (existing !== undefined) {
    if (existing.role !== 'user') return fail('unusable_buyer', UNUSABLE_BUYER);
    return succeed(existing);
  }
  return succeed(
    await tx.accounts.create({
      uuid: newUuid(),
      role: 'user',
      username: buyer.username,
      email: buyer.email,
      confirmed: false,
      megiahType: null,
      company: null,
      country: buyer.country ?? '',
      state: '',
      city: buyer.city ?? '',
      lat: null,
      lng: null,
      avatarKey: null,
      diplomaKey: null,
      createdAt: at,
    }),
  );
}
