// Migration 006 on a registry whose scrolls already have certificates: each
// current certificate's links are remembered, so that those sent to buyers
// before the upgrade still lead to the scroll's certificate after a reissue.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createDatabase } from '../../src/db/database.ts';
import type { SqlDriver } from '../../src/db/driver.ts';
import { migrate } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { sql } from '../../src/db/sql.ts';
import { currentCertificateFileFor } from '../../src/domain/issue-certificate.ts';
import { freshDriver, now } from './test-database.ts';

let driver: SqlDriver;
let close: () => Promise<void>;
before(async () => {
  ({ driver, close } = await freshDriver());
});
after(() => close());

test('the certificates issued before 006 are linked to their scrolls; a reissue then redirects their links', async () => {
  const before006 = migrations.slice(0, migrations.findIndex((m) => m.id === '006-certificate-links'));
  await migrate(driver, now, before006);
  const store = (await driver.one<{ id: number | string }>(sql`
    INSERT INTO accounts (uuid, role, username, username_key, email, email_key, confirmed, created_at)
    VALUES ('a1', 'store', 'store 1', 'store 1', 'a1@example.test', 'a1@example.test', 1, ${now()}) RETURNING id`))!.id;
  const uuid = '11111111-2222-4333-8444-555555555555';
  const scroll = (await driver.one<{ id: number | string }>(sql`
    INSERT INTO scrolls (uuid, qr_code, registered_by_id, owner_id, sofer_id, megiah_id, font, size, written_date, examined_date,
      is_verified, photo_key, preview_key, created_at)
    VALUES (${uuid}, 'q1', ${store}, ${store}, ${store}, ${store}, 'f', 's', '2024-01-01', '2024-01-02', 0, 'private/s1', 'public/s1.jpg', ${now()})
    RETURNING id`))!.id;
  const old = `public/certificates/${uuid}/oldToken`;
  await driver.run(sql`
    INSERT INTO certificates (scroll_id, facts_digest, pdf_key, png_key, docx_key, issued_at)
    VALUES (${scroll}, 'd1', ${`${old}.pdf`}, ${`${old}.png`}, ${`${old}.docx`}, ${now()})`);

  assert.deepEqual(await migrate(driver, now), migrations.slice(before006.length).map((m) => m.id));
  const db = createDatabase(driver);
  assert.equal(await currentCertificateFileFor({ db }, `${old}.png`), `${old}.png`, 'the current certificate is its own target');

  const fresh = `public/certificates/${uuid}/newToken`;
  await db.transaction(async (tx) => {
    await tx.certificates.recordLink(fresh, Number(scroll));
    await tx.certificates.replace({ scrollId: Number(scroll), factsDigest: 'd2', pdfKey: `${fresh}.pdf`, pngKey: `${fresh}.png`, docxKey: `${fresh}.docx`, issuedAt: now() });
  });
  assert.equal(await currentCertificateFileFor({ db }, `${old}.pdf`), `${fresh}.pdf`, 'a link from before the upgrade leads to the reissue');
  assert.equal(await currentCertificateFileFor({ db }, `${old}.docx`), `${fresh}.docx`);
  assert.equal(await currentCertificateFileFor({ db }, `public/certificates/${uuid}/neverIssued.pdf`), null);
});
