import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from '../../src/db/sql.ts';
import { storeDatabase } from './test-database.ts';

const t = storeDatabase();

const at = '2025-01-02 00:00:00';

test('grants and consumptions keep the ledger summing to the balance', async () => {
  assert.equal(await t.ctx.db.credits.balanceOf(t.account.id), 0);
  assert.equal(await t.ctx.db.transaction((tx) => tx.credits.grant(t.account.id, 2, at)), 2);
  const consume = () =>
    t.ctx.db.transaction((tx) => tx.credits.consumeOne({ accountId: t.account.id, reason: 'sale', scrollId: null, saleId: null, at }));
  assert.equal(await consume(), 1);
  assert.equal(await consume(), 0);
  assert.equal(await consume(), null);
  const entries = await t.ctx.db.credits.entries(t.account.id);
  assert.deepEqual(entries.map((e) => [e.delta, e.reason, e.balanceAfter]), [[2, 'grant', 2], [-1, 'sale', 1], [-1, 'sale', 0]]);
  assert.equal(entries.reduce((sum, e) => sum + e.delta, 0), await t.ctx.db.credits.balanceOf(t.account.id));
});

test('the ledger is append-only, enforced by the database', async () => {
  await assert.rejects(t.ctx.driver.run(sql`UPDATE credit_entries SET delta = 100`), /append-only/);
  await assert.rejects(t.ctx.driver.run(sql`DELETE FROM credit_entries`), /append-only/);
});

test('the balance cannot go negative even if code tried', async () => {
  await assert.rejects(t.ctx.driver.run(sql`UPDATE credit_balances SET balance = -1 WHERE account_id = ${t.account.id}`), /CHECK|check constraint/);
});

test('many concurrent consumers never overdraw', async () => {
  await t.ctx.db.transaction((tx) => tx.credits.grant(t.account.id, 5, at));
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      t.ctx.db.transaction((tx) => tx.credits.consumeOne({ accountId: t.account.id, reason: 'sale', scrollId: null, saleId: null, at })),
    ),
  );
  assert.equal(results.filter((r) => r !== null).length, 5);
  assert.equal(await t.ctx.db.credits.balanceOf(t.account.id), 0);
});
