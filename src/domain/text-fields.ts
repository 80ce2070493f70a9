import { fail, succeed, type Outcome } from '../errors.ts';

/** A trimmed free-text value within bounds, or a failure naming the field. */
export function requireText(
  value: string | undefined,
  field: string,
  options: { readonly max: number; readonly optional?: boolean },
): Outcome<string, 'invalid_request'> {
  const text = (value ?? '').trim();
  if (text === '' && options.optional !== true) return fail('invalid_request', `${field} is required.`);
  if (text.length > options.max) return fail('invalid_request', `${field} must be at most ${options.max} characters.`);
  return succeed(text);
}
