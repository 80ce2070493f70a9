// How each part of a request is validated. Bodies are taken as sent: a JSON
// number where the schema says string is the client's mistake, not something
// to guess at. A query string holds nothing but text, so the integers it
// carries (page, per_page) are read from their digits there, and an empty
// value (`?page=`, as an HTML form sends a blank field) counts as absent and
// takes the schema's default.
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
        const settings = (coerceTypes: boolean): Parameters<ValidatorFactory>[1] => ({
          customOptions: { ...(options?.customOptions as object | undefined), coerceTypes, verbose: true },
        });
        const asSent = pool(externalSchemas, settings(false));
        const fromText = pool(externalSchemas, settings(true));
        return (route) => (route.httpPart === 'querystring' ? blankAsAbsent(fromText(route)) : asSent(route));
      },
    },
  };
}

function blankAsAbsent(validate: Validator): Validator {
  const check = ((data: unknown) => {
    if (data !== null && typeof data === 'object') {
      for (const [name, value] of Object.entries(data)) if (value === '') delete (data as Record<string, unknown>)[name];
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as Validator;
  return check;
}
