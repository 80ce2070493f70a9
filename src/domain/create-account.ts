import { UniqueViolationError } from '../db/driver.ts';
import { roles, type Account, type Role } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { requireEmail, requireUsername } from './accounts.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { newFileToken, newUuid } from './identifiers.ts';
import { inspectAccountImage } from './account-image.ts';
import { requireText } from './text-fields.ts';

export type CreateAccountInput = {
  readonly role: string;
  readonly username: string;
  readonly email: string;
  /** Turns a `store` into an `agent`, a store that may register scrolls. */
  readonly agent?: boolean;
  /** Sofers and megiahs appear in the directory only once confirmed. */
  readonly confirmed?: boolean;
  readonly country?: string;
  readonly state?: string;
  readonly city?: string;
  readonly lat?: number;
  readonly lng?: number;
  readonly megiahType?: string;
  readonly company?: string;
  readonly avatar?: Uint8Array;
  readonly diploma?: Uint8Array;
};

export async function createAccount(
  deps: Pick<DomainDeps, 'db' | 'files' | 'clock'>,
  input: CreateAccountInput,
): Promise<Outcome<Account, 'invalid_request'>> {
  const checked = await validate(input);
  if (!checked.ok) return checked;
  const { role, username, email, country, state, city, megiahType, company } = checked.value;

  const uuid = newUuid();
  const written: string[] = [];
  const store = async (folder: string, bytes: Uint8Array, extension: string) => {
    const key = `public/${folder}/${uuid}-${newFileToken()}.${extension}`;
    await deps.files.put(key, bytes);
    written.push(key);
    return key;
  };
  try {
    const avatarKey = input.avatar === undefined ? null : await store('avatars', input.avatar, checked.value.avatarExtension);
    const diplomaKey =
      input.diploma === undefined ? null : await store('diplomas', input.diploma, checked.value.diplomaExtension);
    const account = await deps.db.accounts.create({
      uuid,
      role,
      username,
      email,
      confirmed: input.confirmed === true,
      megiahType,
      company,
      country,
      state,
      city,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      avatarKey,
      diplomaKey,
      createdAt: formatTimestamp(deps.clock.now()),
    });
    return succeed(account);
  } catch (error) {
    await Promise.all(written.map((key) => deps.files.remove(key)));
    if (error instanceof UniqueViolationError) {
      return fail('invalid_request', /username/.test(error.message)
        ? 'username is already used by another sofer or megiah.'
        : 'email is already used by another account.');
    }
    throw error;
  }
}

async function validate(input: CreateAccountInput) {
  if (!(roles as readonly string[]).includes(input.role)) {
    return fail('invalid_request', `role must be one of ${roles.join(', ')}.`);
  }
  let role = input.role as Role;
  if (input.agent === true) {
    if (role !== 'store' && role !== 'agent') return fail('invalid_request', 'agent applies only to store accounts.');
    role = 'agent';
  }
  const username = requireUsername(input.username, 'username');
  if (!username.ok) return username;
  const email = requireEmail(input.email, 'email');
  if (!email.ok) return email;
  const places = ['country', 'state', 'city'] as const;
  const place: Record<string, string> = {};
  for (const name of places) {
    const value = requireText(input[name], name, { max: 100, optional: true });
    if (!value.ok) return value;
    place[name] = value.value;
  }
  if (input.lat !== undefined && !(Number.isFinite(input.lat) && Math.abs(input.lat) <= 90)) {
    return fail('invalid_request', 'lat must be a number between -90 and 90.');
  }
  if (input.lng !== undefined && !(Number.isFinite(input.lng) && Math.abs(input.lng) <= 180)) {
    return fail('invalid_request', 'lng must be a number between -180 and 180.');
  }
  if (input.megiahType !== undefined && role !== 'megiah') return fail('invalid_request', 'megiah-type applies only to megiahs.');
  const megiahType = requireText(input.megiahType, 'megiah-type', { max: 100, optional: true });
  if (!megiahType.ok) return megiahType;
  const company = requireText(input.company, 'company', { max: 200, optional: true });
  if (!company.ok) return company;
  if (input.diploma !== undefined && role !== 'sofer' && role !== 'megiah') {
    return fail('invalid_request', 'diploma applies only to sofers and megiahs.');
  }

  let avatarExtension = '';
  if (input.avatar !== undefined) {
    const avatar = await inspectAccountImage(input.avatar, 'avatar');
    if (!avatar.ok) return avatar;
    avatarExtension = avatar.value.extension;
  }
  let diplomaExtension = '';
  if (input.diploma !== undefined) {
    if (Buffer.from(input.diploma.subarray(0, 5)).toString('latin1') === '%PDF-') {
      diplomaExtension = 'pdf';
    } else {
      const diploma = await inspectAccountImage(input.diploma, 'diploma');
      if (!diploma.ok) return fail('invalid_request', 'diploma must be a PDF, JPEG, PNG or WebP file.');
      diplomaExtension = diploma.value.extension;
    }
  }
  return succeed({
    role,
    username: username.value,
    email: email.value,
    country: place.country,
    state: place.state,
    city: place.city,
    megiahType: megiahType.value === '' ? null : megiahType.value,
    company: company.value === '' ? null : company.value,
    avatarExtension,
    diplomaExtension,
  });
}
