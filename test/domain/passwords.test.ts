import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPasswordRules, hashPassword, verifyPassword } from '../../src/domain/passwords.ts';
import { signIn } from '../../src/domain/sign-in.ts';
import { makeStore } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

test('hashes are salted scrypt that names its parameters, and verify only the right password', async () => {
  const a = await hashPassword('correct horse battery');
  const b = await hashPassword('correct horse battery');
  assert.match(a, /^scrypt\$15\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  assert.notEqual(a, b, 'a fresh salt each time');
  assert.deepEqual(await verifyPassword('correct horse battery', a), { matches: true, needsRehash: false });
  assert.deepEqual(await verifyPassword('correct horse batterY', a), { matches: false, needsRehash: false });
  assert.deepEqual(await verifyPassword('correct horse battery', undefined), { matches: false, needsRehash: false });
  assert.deepEqual(await verifyPassword('anything', 'not a hash'), { matches: false, needsRehash: false });
});

test('Unicode forms of one password are one password; length counts characters', async () => {
  const composed = 'סיסמה-café-1234';
  const decomposed = composed.normalize('NFD');
  assert.notEqual(composed, decomposed);
  assert.equal((await verifyPassword(decomposed, await hashPassword(composed))).matches, true);
  assert.equal(checkPasswordRules('שלום עולם!').ok, true, 'ten Hebrew characters are ten');
  assert.equal(checkPasswordRules('short').ok, false);
  assert.equal(checkPasswordRules(' '.repeat(12)).ok, false);
  assert.equal(checkPasswordRules('x'.repeat(201)).ok, false);
});

test('a hash made with older parameters still signs in, and is replaced by a current one', async () => {
  const t = await createTestApp();
  try {
    const { account } = await makeStore(t.deps);
    // The same format with N = 2^10: what a hash from before a parameter raise looks like.
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('an older password', salt, 32, { N: 1024, r: 8, p: 1 });
    await t.db.passwords.set(account.id, `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`, '2025-01-01 00:00:00');
    assert.equal((await signIn(t.deps, account.email, 'an older password')).ok, true);
    assert.match((await t.db.passwords.hashOf(account.id)) ?? '', /^scrypt\$15\$8\$3\$/);
    assert.equal((await signIn(t.deps, account.email, 'an older password')).ok, true);
  } finally {
    await t.close();
  }
});
