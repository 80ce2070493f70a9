// How each part of a request is validated. Nothing is coerced by Ajv: a JSON
// number where the schema says string is the client's mistake, not something
// to guess at. A query string holds nothing but text, so the integers it
// declares (page, per_page) are read here from their digits alone (`12`, not
// `0x0c`, `1e1` or ` 12`), and an empty one (`?page=`, as an HTML form sends a
// blank field) counts as absent and takes the schema's default; any other
// text stays text, and fails the schema with a 400.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type Validator = ReturnType<ReturnType<ValidatorFactory>>;

export function buildValidators(): NonNullable<FastifyServerOptions['schemaController']> {
  const pool: ValidatorFactory = AjvCompiler();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        // The app sets no Ajv options of its own (nor JTD), so Fastify's defaults stand but for these.
        // verbose: a failed `oneOf` carries its branches, so the message can name the choice (app.ts).
        const compile = pool(externalSchemas, { customOptions: { ...(options?.customOptions as object | undefined), coerceTypes: false, verbose: true } });
        return (route) => {
          const validate = compile(route);
          const integers = route.httpPart === 'querystring' ? integerProperties(route.schema) : [];
          return integers.length === 0 ? validate : readingIntegers(validate, integers);
        };
      },
    },
  };
}

function integerProperties(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
}

function readingIntegers(validate: Validator, names: readonly string[]): Validator {
  const check = ((data: unknown) => {
    if (data !== null && typeof data === 'object') {
      const query = data as Record<string, unknown>;
      for (const name of names) {
        const value = query[name];
        if (value === '') delete query[name];
        // At most 15 digits: every such number is exact; a longer one stays text, and fails as not an integer.
        else if (typeof value === 'string' && /^\d{1,15}$/.test(value)) query[name] = Number(value);
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as Validator;
  return check;
}
