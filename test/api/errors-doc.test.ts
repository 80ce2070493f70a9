import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { errorBody, errorCodes, errorRegistry } from '../../src/errors.ts';

test('every error code is documented in docs/errors.md with its HTTP status', async () => {
  const doc = await readFile(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  for (const code of errorCodes) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
    assert.ok(row, `docs/errors.md has no row for ${code}`);
    assert.match(row, new RegExp(`\\| ${errorRegistry[code].httpStatus} \\|`), `wrong status for ${code}`);
    const keys = Object.keys(errorBody(code, 'x'));
    for (const key of keys) assert.ok(row.includes(key), `${code}: body key ${key} not documented`);
  }
});
