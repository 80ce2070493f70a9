// Migration 004 on a registry that already holds confirmations: each one joins
// the history as a decision, in the order they were made, and nothing else
// (an unverified scroll has no decision, and none is rejected).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createDatabase } from '../../src/db/database.ts';
import type { SqlDriver } from '../../src/db/driver.ts';
import { migrate } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { sql } from '../../src/db/sql.ts';
import { freshDriver, now } from './test-database.ts';

let driver: SqlDriver;
let close: () => Promise<void>;
before(async () => {
  ({ driver, close } = await freshDriver());
});
after(() => close());

test('confirmations made before 004 become its first decisions, oldest first', async () => {
  const before004 = migrations.slice(0, migrations.findIndex((m) => m.id === '004-megiah-decisions'));
  await migrate(driver, now, before004);
  const insertAccount = async (n: number, role: string) =>
    (await driver.one<{ id: number | string }>(sql`
      INSERT INTO accounts (uuid, role, username, username_key, email, email_key, confirmed, created_at)
      VALUES (${`a${n}`}, ${role}, ${`${role} ${n}`}, ${`${role} ${n}`}, ${`a${n}@example.test`}, ${`a${n}@example.test`}, 1, ${now()})
      RETURNING id`))!.id;
  const store = await insertAccount(1, 'store');
  const megiah = await insertAccount(2, 'megiah');
  const admin = await insertAccount(3, 'admin');
  const scroll = async (n: number, verified: { at: string; by: number | string } | null) =>
    (await driver.one<{ id: number | string }>(sql`
      INSERT INTO scrolls (uuid, qr_code, registered_by_id, owner_id, sofer_id, megiah_id, font, size, written_date, examined_date,
        is_verified, verified_at, verified_by_id, photo_key, preview_key, created_at)
      VALUES (${`s${n}`}, ${`q${n}`}, ${store}, ${store}, ${megiah}, ${megiah}, 'f', 's', '2024-01-01', '2024-01-02',
        ${verified === null ? 0 : 1}, ${verified?.at ?? null}, ${verified?.by ?? null}, ${`private/s${n}`}, ${`public/s${n}.jpg`}, ${now()})
      RETURNING id`))!.id;
  const later = await scroll(1, { at: '2024-06-02 10:00:00', by: megiah });
  const earlier = await scroll(2, { at: '2024-06-01 10:00:00', by: admin });
  const waiting = await scroll(3, null);

  assert.deepEqual(await migrate(driver, now), migrations.slice(before004.length).map((m) => m.id));
  const db = createDatabase(driver);
  const rows = await driver.all<{ scroll_id: number | string; account_id: number | string; decision: string; reason: string | null; created_at: string }>(
    sql`SELECT scroll_id, account_id, decision, reason, created_at FROM megiah_decisions ORDER BY id`,
  );
  assert.deepEqual(
    rows.map((r) => [Number(r.scroll_id), Number(r.account_id), r.decision, r.reason, r.created_at]),
    [
      [Number(earlier), Number(admin), 'verify', null, '2024-06-01 10:00:00'],
      [Number(later), Number(megiah), 'verify', null, '2024-06-02 10:00:00'],
    ],
  );
  assert.deepEqual(await db.megiahDecisions.listByScroll(Number(waiting)), []);
  const history = await db.megiahDecisions.listByAccount(Number(megiah), { offset: 0, limit: 10 });
  assert.deepEqual(history.items.map((d) => [d.scroll.uuid, d.decision, d.scroll.isVerified, d.scroll.stillRejected]), [['s1', 'verify', true, false]]);
  for (const uuid of ['s1', 's2', 's3']) assert.equal((await db.scrolls.findByUuid(uuid))?.rejection, null);
});

test('the database refuses a rejection without a reason, and a confirmation with one', async () => {
  const db = createDatabase(driver);
  const scroll = await db.scrolls.findByUuid('s3');
  assert.ok(scroll);
  const base = { scrollId: scroll.id, accountId: scroll.megiahId, note: '', createdAt: now() };
  await assert.rejects(db.megiahDecisions.insert({ ...base, decision: 'reject', reason: null }));
  await assert.rejects(db.megiahDecisions.insert({ ...base, decision: 'verify', reason: 'other' }));
});
