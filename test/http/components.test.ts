// The OpenAPI document's named schemas: each example is what its schema
// accepts, checked with the validator the app itself builds (so a response
// example is held to the same schema that serialises the response).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { componentSchemas } from '../../src/http/components.ts';

const byId = Object.fromEntries(componentSchemas.map((schema) => [schema.$id, schema]));
// Unlike the app's, this validator refuses a field no schema names, rather than dropping it.
const compile = AjvCompiler()(byId, { customOptions: { removeAdditional: false, coerceTypes: false } });

test('the named schemas have distinct names', () => {
  assert.equal(Object.keys(byId).length, componentSchemas.length);
});

for (const schema of componentSchemas) {
  const examples = (schema as { examples?: unknown[] }).examples;
  test(`${schema.$id}: has an example, and every example is valid`, () => {
    assert.ok(examples !== undefined && examples.length > 0, `${schema.$id} has no example`);
    const validate = compile({ schema: { $ref: `${schema.$id}#` }, method: 'POST', url: '/', httpPart: 'body' }) as ((data: unknown) => boolean) & {
      errors?: unknown;
    };
    for (const example of examples) assert.ok(validate(structuredClone(example)), `${schema.$id}: ${JSON.stringify(validate.errors)}`);
  });
}

test('a wrong example is caught', () => {
  const validate = compile({ schema: { $ref: 'MezuzahRecord#' }, method: 'POST', url: '/', httpPart: 'body' }) as (data: unknown) => boolean;
  const [record] = (byId.MezuzahRecord as unknown as { examples: Record<string, unknown>[] }).examples;
  assert.equal(validate({ ...record, is_verified: 'yes' }), false);
  assert.equal(validate({ ...record, surplus: 1 }), true, 'MezuzahRecord does not forbid fields (clients ignore ones they do not know)');
});
