// The keys rows name, which the orphan sweep keeps: every column that names a
// file, read in pages.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Account } from '../../src/db/records.ts';
import { FILE_KEY_COLUMNS } from '../../src/db/repositories/file-references.ts';
import { sql } from '../../src/db/sql.ts';
import { testDatabaseKind } from '../support/test-databases.ts';
import { freshDatabase } from './test-database.ts';

let ctx: Awaited<ReturnType<typeof freshDatabase>>;
before(async () => {
  ctx = await freshDatabase();
});
after(() => ctx.close());

const at = '2025-01-01 00:00:00';

function account(n: number, files: { avatarKey?: string; diplomaKey?: string } = {}): Promise<Account> {
  return ctx.db.accounts.create({
    uuid: `a${n}`, role: 'sofer', username: `sofer ${n}`, email: `s${n}@example.test`, confirmed: true, megiahType: null,
    company: null, country: '', state: '', city: '', lat: null, lng: null,
    avatarKey: files.avatarKey ?? null, diplomaKey: files.diplomaKey ?? null, createdAt: at,
  });
}

test('every key a row names, across tables and pages', async () => {
  const expected: string[] = [];
  const people: Account[] = [];
  for (let n = 0; n < 5; n++) {
    const files = n % 2 === 0 ? { avatarKey: `public/avatars/a${n}.png`, diplomaKey: `public/diplomas/a${n}.pdf` } : {};
    people.push(await account(n, files));
    expected.push(...Object.values(files));
  }
  const [store] = people;
  for (let n = 0; n < 7; n++) {
    const scroll = await ctx.db.scrolls.insert({
      uuid: `s${n}`, qrCode: `q${n}`, registeredById: store.id, ownerId: store.id, soferId: store.id, megiahId: store.id,
      font: 'f', size: 's', note: '', writtenDate: '2024-01-01', examinedDate: '2024-01-02',
      photoKey: `private/photos/s${n}`, previewKey: `public/previews/s${n}.jpg`, createdAt: at,
    });
    expected.push(`private/photos/s${n}`, `public/previews/s${n}.jpg`);
    if (n < 3) {
      const base = `public/certificates/s${n}/c`;
      await ctx.db.certificates.replace({
        scrollId: scroll.id, factsDigest: 'd', pdfKey: `${base}.pdf`, pngKey: `${base}.png`, docxKey: n === 0 ? null : `${base}.docx`, issuedAt: at,
      });
      expected.push(`${base}.pdf`, `${base}.png`, ...(n === 0 ? [] : [`${base}.docx`]));
    }
  }
  const pages: string[][] = [];
  for await (const keys of ctx.db.fileReferences.keys(2)) pages.push(keys);
  assert.deepEqual(pages.flat().sort(), expected.sort());
  assert.ok(pages.every((keys) => keys.length <= 2 * 3), 'at most a page of rows at a time');
});

test('every column that names a file is listed, so the sweep never removes a file a row names', async () => {
  const columns = await ctx.driver.all<{ table_name: string; column_name: string }>(
    testDatabaseKind === 'sqlite'
      ? sql`SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`
      : sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  // Columns ending in _key that hold no file: normalised names for unique indexes.
  const notFiles = new Set(['accounts.username_key', 'accounts.email_key']);
  const named = columns.map((c) => `${c.table_name}.${c.column_name}`).filter((name) => name.endsWith('_key') && !notFiles.has(name));
  const listed = FILE_KEY_COLUMNS.flatMap(({ table, columns }) => columns.map((column) => `${table}.${column}`));
  assert.deepEqual(named.sort(), [...listed].sort());
});
