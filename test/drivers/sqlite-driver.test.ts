import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { UniqueViolationError } from '../../src/db/driver.ts';
import { migrate } from '../../src/db/migrate.ts';
import { renderSql, sql } from '../../src/db/sql.ts';
import { freshDatabase, now } from '../db/test-database.ts';

describe('sql', () => {
  test('values become placeholders of the dialect, fragments are spliced in', () => {
    const role = 'sofer';
    const where = sql`role = ${role} AND confirmed = ${1}`;
    const query = sql`SELECT * FROM accounts WHERE ${where} LIMIT ${20}`;
    assert.deepEqual(renderSql(query, 'sqlite'), {
      text: 'SELECT * FROM accounts WHERE role = ? AND confirmed = ? LIMIT ?',
      params: ['sofer', 1, 20],
    });
    assert.equal(renderSql(query, 'postgres').text, 'SELECT * FROM accounts WHERE role = $1 AND confirmed = $2 LIMIT $3');
  });

  test('hostile text stays a parameter', () => {
    const text = "x'; DROP TABLE accounts; --";
    assert.deepEqual(renderSql(sql`SELECT ${text}`, 'sqlite'), { text: 'SELECT ?', params: [text] });
  });
});

describe('sqlite driver', () => {
  let ctx: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    ctx = await freshDatabase();
    await ctx.driver.run(sql`CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`);
  });
  after(() => ctx.close());

  test('a transaction that throws leaves nothing behind', async () => {
    await assert.rejects(
      ctx.driver.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO probe (name) VALUES (${'rolled back'})`);
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal((await ctx.driver.all(sql`SELECT * FROM probe WHERE name = ${'rolled back'}`)).length, 0);
  });

  test('queries outside an open transaction wait for it and never see its uncommitted rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = ctx.driver.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO probe (name) VALUES (${'pending'})`);
      await gate;
      throw new Error('abandon');
    });
    const outside = ctx.driver.all(sql`SELECT * FROM probe WHERE name = ${'pending'}`);
    release();
    await assert.rejects(transaction);
    assert.deepEqual(await outside, []);
  });

  test('transactions run one after another', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        ctx.driver.transaction(async (tx) => {
          order.push(`start ${name}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.run(sql`INSERT INTO probe (name) VALUES (${name})`);
          order.push(`end ${name}`);
        }),
      ),
    );
    assert.deepEqual(order, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  test('its one connection is in use while a transaction is open, and what queues behind it is waiting', async () => {
    const use = () => ctx.driver.connectionUse()[0];
    assert.deepEqual(use(), { pool: 'queries', size: 1, inUse: 0, waiting: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = ctx.driver.transaction(async () => {
      entered();
      await held;
    });
    await inside;
    const query = ctx.driver.all(sql`SELECT 1 AS one`);
    const next = ctx.driver.transaction(async () => undefined);
    assert.deepEqual(use(), { pool: 'queries', size: 1, inUse: 1, waiting: 2 });
    release();
    await Promise.all([transaction, query, next]);
    assert.deepEqual(use(), { pool: 'queries', size: 1, inUse: 0, waiting: 0 });
  });

  test('unique violations surface as UniqueViolationError', async () => {
    await ctx.driver.run(sql`INSERT INTO probe (name) VALUES (${'once'})`);
    await assert.rejects(ctx.driver.run(sql`INSERT INTO probe (name) VALUES (${'once'})`), UniqueViolationError);
  });

  test('migrations are applied once', async () => {
    assert.deepEqual(await migrate(ctx.driver, now), []);
  });
});
