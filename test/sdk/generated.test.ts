// The SDK's types are what `npm run sdk:generate` makes of the served document
// today: a route's schema that changed without the SDK failing here.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { GENERATED_TYPES, generatedTypes } from '../../tools/sdk/generate.ts';

test('sdk/src/api.ts is current (npm run sdk:generate)', async () => {
  const fresh = await generatedTypes();
  const checkedIn = await readFile(GENERATED_TYPES, 'utf8');
  assert.ok(fresh === checkedIn, 'sdk/src/api.ts differs from the served document: run `npm run sdk:generate` and commit the result');
  for (const name of ['MezuzahRecord', 'SalePage', 'PublicCheckResult', 'Error']) assert.match(checkedIn, new RegExp(`^    ${name}: \\{`, 'm'), name);
});
