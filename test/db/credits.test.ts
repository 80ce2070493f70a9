import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { sql } from '../../src/db/sql.ts';
import { freshDatabase } from './test-database.ts';

let ctx: Awaited<ReturnType<typeof freshDatabase>>;
let account: Account;
before(async () => {
  ctx = await freshDatabase();
  account = await ctx.db.accounts.create({
    uuid: 'a1', role: 'store', username: 'shop', email: 'shop@example.test', confirmed: false, megiahType: null,
    company: null, country: '', state: '', city: '', lat: null, lng: null, avatarKey: null, diplomaKey: null,
    createdAt: '2025-01-01 00:00:00',
  });
});
after(() => ctx.close());

const at = '2025-01-02 00:00:00';

test('grants and consumptions keep the ledger summing to the balance', async () => {
  assert.equal(await ctx.db.credits.balanceOf(account.id), 0);
  assert.equal(await ctx.db.transaction((tx) => tx.credits.grant(account.id, 2, at)), 2);
  const consume = () =>
    ctx.db.transaction((tx) => tx.credits.consumeOne({ accountId: account.id, reason: 'sale', scrollId: null, saleId: null, at }));
  assert.equal(await consume(), 1);
  assert.equal(await consume(), 0);
  assert.equal(await consume(), null);
  const entries = await ctx.db.credits.entries(account.id);
  assert.deepEqual(entries.map((e) => [e.delta, e.reason, e.balanceAfter]), [[2, 'grant', 2], [-1, 'sale', 1], [-1, 'sale', 0]]);
  assert.equal(entries.reduce((sum, e) => sum + e.delta, 0), await ctx.db.credits.balanceOf(account.id));
});

test('the ledger is append-only, enforced by the database', async () => {
  await assert.rejects(ctx.driver.run(sql`UPDATE credit_entries SET delta = 100`), /append-only/);
  await assert.rejects(ctx.driver.run(sql`DELETE FROM credit_entries`), /append-only/);
});

test('the balance cannot go negative even if code tried', async () => {
  await assert.rejects(ctx.driver.run(sql`UPDATE credit_balances SET balance = -1 WHERE account_id = ${account.id}`), /CHECK|check constraint/);
});

test('many concurrent consumers never overdraw', async () => {
  await ctx.db.transaction((tx) => tx.credits.grant(account.id, 5, at));
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      ctx.db.transaction((tx) => tx.credits.consumeOne({ accountId: account.id, reason: 'sale', scrollId: null, saleId: null, at })),
    ),
  );
  assert.equal(results.filter((r) => r !== null).length, 5);
  assert.equal(await ctx.db.credits.balanceOf(account.id), 0);
});
