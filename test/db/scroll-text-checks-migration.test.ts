// Migration 007 on a registry with scrolls: each scroll registered before the
// text check existed gets a pending one, so every scroll has exactly one.
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

test('the scrolls registered before 007 each get a pending text check, which a runner can claim', async () => {
  const before007 = migrations.slice(0, migrations.findIndex((m) => m.id === '007-scroll-text-checks'));
  await migrate(driver, now, before007);
  const store = (await driver.one<{ id: number | string }>(sql`
    INSERT INTO accounts (uuid, role, username, username_key, email, email_key, confirmed, created_at)
    VALUES ('a1', 'store', 'store 1', 'store 1', 'a1@example.test', 'a1@example.test', 1, ${now()}) RETURNING id`))!.id;
  const scrollIds: number[] = [];
  for (const n of [1, 2]) {
    const row = await driver.one<{ id: number | string }>(sql`
      INSERT INTO scrolls (uuid, qr_code, registered_by_id, owner_id, sofer_id, megiah_id, font, size, written_date, examined_date,
        is_verified, photo_key, preview_key, created_at)
      VALUES (${`uuid-${n}`}, ${`q${n}`}, ${store}, ${store}, ${store}, ${store}, 'f', 's', '2024-01-01', '2024-01-02', 0,
        ${`private/photos/uuid-${n}`}, ${`public/previews/uuid-${n}.jpg`}, ${now()})
      RETURNING id`);
    scrollIds.push(Number(row!.id));
  }

  assert.deepEqual(await migrate(driver, now), migrations.slice(before007.length).map((m) => m.id));
  const db = createDatabase(driver);
  for (const id of scrollIds) assert.deepEqual(await db.scrollTextChecks.find(id), { scrollId: id, state: 'pending' });
  const claim = await db.scrollTextChecks.claimNext({ at: '2025-01-01 00:00:10', abandonedBefore: '2024-12-31 23:55:10', maxAttempts: 3 });
  assert.deepEqual(claim, { scrollId: scrollIds[1], photoKey: 'private/photos/uuid-2', claimedAt: '2025-01-01 00:00:10', attempt: 1 });
});
