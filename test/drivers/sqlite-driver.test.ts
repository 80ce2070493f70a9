import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { UniqueViolationError, type SqlDriver } from '../../src/db/driver.ts';
import { migrate } from '../../src/db/migrate.ts';
import { KEPT_READS } from '../../src/db/kept-reads.ts';
import { renderSql, sql } from '../../src/db/sql.ts';
import { OTHER_WRITERS_MS, openSqlite } from '../../src/db/sqlite.ts';
import { freshDatabase, now } from '../db/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A timer may fire a little early by performance.now(): past OTHER_WRITERS_MS with a margin. */
const PAST_OTHER_WRITERS_MS = OTHER_WRITERS_MS + 20;

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

describe('sqlite driver: reads kept while their tables are unchanged', () => {
  let dir: string;
  let driver: SqlDriver;
  /** A second connection to the same file: the admin CLI, or another process. */
  let other: SqlDriver;
  const names = sql`SELECT p.name FROM probe p LEFT JOIN tags t ON t.probe_id = p.id ORDER BY p.id`;
  /** The names through kept(), counting the reads that reached the database. */
  let reads = 0;
  const keptNames = (on: Pick<SqlDriver, 'kept'> = driver) =>
    on.kept('probe names', [names], ([rows]) => {
      reads += 1;
      return { names: rows.map((row) => row.name as string) };
    });
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mezuzah-kept-'));
    driver = openSqlite(path.join(dir, 'kept.sqlite'));
    other = openSqlite(path.join(dir, 'kept.sqlite'));
    await driver.run(sql`CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT)`);
    await driver.run(sql`CREATE TABLE tags (probe_id INTEGER, tag TEXT)`);
    await driver.run(sql`CREATE TABLE unrelated (id INTEGER PRIMARY KEY, at TEXT)`);
    await driver.run(sql`INSERT INTO probe (name) VALUES (${'first'})`);
  });
  after(async () => {
    await other.close();
    await driver.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the same reads are answered from memory, frozen, through writes to other tables, until a table they read is written', async () => {
    reads = 0;
    const first = await keptNames();
    await driver.run(sql`UPDATE unrelated SET at = ${'now'}`);
    await driver.run(sql`INSERT INTO unrelated (at) VALUES (${'a key used'})`);
    const again = await keptNames();
    assert.equal(reads, 1);
    assert.equal(again, first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.names));
    assert.throws(() => (first.names as string[]).push('changed by a caller'), TypeError);
    await driver.run(sql`INSERT INTO probe (name) VALUES (${'second'})`);
    assert.deepEqual((await keptNames()).names, ['first', 'second']);
    assert.equal(reads, 2);
    // A joined table's write counts as much as the first table's.
    await driver.run(sql`INSERT INTO tags (probe_id, tag) VALUES (${1}, ${'x'})`);
    await keptNames();
    assert.equal(reads, 3);
  });

  test('another connection\'s commit is seen within OTHER_WRITERS_MS', async () => {
    const before = (await keptNames()).names;
    await other.run(sql`INSERT INTO probe (name) VALUES (${'from the CLI'})`);
    await sleep(PAST_OTHER_WRITERS_MS);
    reads = 0;
    assert.deepEqual((await keptNames()).names, [...before, 'from the CLI']);
    assert.equal(reads, 1);
  });

  test('a write rolled back, and a read inside a transaction, are read from the database', async () => {
    await keptNames();
    reads = 0;
    await assert.rejects(
      driver.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO probe (name) VALUES (${'rolled back'})`);
        assert.ok((await keptNames(tx)).names.includes('rolled back'));
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.ok(!(await keptNames()).names.includes('rolled back'));
    assert.equal(reads, 2);
  });

  test('a read waits for an open transaction and sees what it committed', async () => {
    await keptNames();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = driver.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO probe (name) VALUES (${'committed'})`);
      entered();
      await gate;
    });
    await inside;
    const read = keptNames();
    release();
    await transaction;
    assert.ok((await read).names.includes('committed'));
  });

  test('each query and its parameters are their own read; past KEPT_READS, the least recently used are dropped', async () => {
    const byId = (id: number) => driver.kept('probe by id', [sql`SELECT name FROM probe WHERE id = ${id}`], () => ({ id, at: (reads += 1) }));
    reads = 0;
    const kept0 = await byId(0);
    for (let id = 1; id < KEPT_READS; id++) await byId(id);
    assert.equal(await byId(0), kept0, 'used again: now the most recently used');
    for (let id = KEPT_READS; id < KEPT_READS + KEPT_READS / 2; id++) await byId(id);
    assert.equal(reads, KEPT_READS + KEPT_READS / 2);
    assert.equal(await byId(0), kept0, 'kept while the ones after it were dropped');
    assert.notEqual((await byId(1)).at, 2, 'the least recently used was dropped');
    for (let id = 0; id < 2 * KEPT_READS; id++) await byId(KEPT_READS * 10 + id);
    assert.notEqual(await byId(0), kept0, 'dropped in the end');
    // Another label over the same query is another read.
    const other = await driver.kept('probe by id, counted', [sql`SELECT name FROM probe WHERE id = ${0}`], () => 'counted');
    assert.equal(other, 'counted');
  });

  test('a kept read asked during a transaction that rolls back keeps nothing of it', async () => {
    let during!: Promise<{ names: string[] }>;
    await assert.rejects(
      driver.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO probe (name) VALUES (${'rolled back, unawaited'})`);
        during = keptNames();
        await sleep(5);
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.ok(!(await during).names.includes('rolled back, unawaited'));
    assert.ok(!(await keptNames()).names.includes('rolled back, unawaited'));
  });

  test('the tables as SQLite compiles them: a trigger\'s writes, a view\'s base table, a quoted and qualified name', async () => {
    await driver.run(sql`CREATE VIEW probe_names AS SELECT name FROM probe`);
    await driver.run(sql`CREATE TABLE events (at TEXT)`);
    await driver.run(sql`CREATE TRIGGER events_tag AFTER INSERT ON events BEGIN INSERT INTO tags (probe_id, tag) VALUES (1, 'by a trigger'); END`);
    const tags = sql`SELECT tag FROM tags ORDER BY rowid`;
    const keptTags = () => driver.kept('tags', [tags], ([rows]) => rows.map((row) => row.tag as string));
    const viewed = sql`SELECT name FROM probe_names`;
    const keptViewed = () => driver.kept('viewed', [viewed], ([rows]) => rows.map((row) => row.name as string));
    await keptTags();
    await keptViewed();
    await driver.run(sql`INSERT INTO events (at) VALUES (${'now'})`);
    assert.ok((await keptTags()).includes('by a trigger'));
    await driver.run(sql`INSERT INTO main."probe" (name) VALUES (${'quoted'})`);
    assert.ok((await keptViewed()).includes('quoted'));
  });

  test('only reads are kept', async () => {
    await assert.rejects(driver.kept('a write', [sql`DELETE FROM probe WHERE id = ${-1}`], () => null), /reads only/);
  });

  test('without node:sqlite\'s authorizer (Node 24 releases before it) nothing is kept: each read reaches the database, frozen all the same', async (t) => {
    const authorizer = Object.getOwnPropertyDescriptor(DatabaseSync.prototype, 'setAuthorizer');
    assert.ok(authorizer, 'the pinned Node has the authorizer');
    delete (DatabaseSync.prototype as { setAuthorizer?: unknown }).setAuthorizer;
    t.after(() => Object.defineProperty(DatabaseSync.prototype, 'setAuthorizer', authorizer));
    const older = openSqlite(path.join(dir, 'kept.sqlite'));
    t.after(() => older.close());
    reads = 0;
    const first = await keptNames(older);
    const again = await keptNames(older);
    assert.equal(reads, 2);
    assert.deepEqual(again, first);
    assert.ok(Object.isFrozen(again) && Object.isFrozen(again.names));
    await older.run(sql`INSERT INTO probe (name) VALUES (${'without the authorizer'})`);
    assert.ok((await keptNames(older)).names.includes('without the authorizer'));
  });

});
