import type { Account } from '../db/records.ts';
import { UniqueViolationError } from '../db/driver.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp, parseCalendarDate } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { newQrCode, newUuid } from './identifiers.ts';
import { analyzeUpload, engineCall } from './photo.ts';
import { requireText } from './text-fields.ts';
import { transact } from './transact.ts';
import { consumeCredit, recordWebhookEvent } from './webhook-events.ts';

/** The text fields of a registration, named as the spec's form names them; the first six are required. */
export const registrationFields = ['sofer', 'megiah', 'writtendate', 'examinateddate', 'font', 'size', 'note', 'owner_uuid'] as const;
export const requiredRegistrationFields = ['sofer', 'megiah', 'writtendate', 'examinateddate', 'font', 'size'] as const;

/**
 * Text exactly as submitted (untrimmed, possibly missing); registerScroll
 * validates it. The owner is named by `owner_uuid` (the API's field) or by
 * `ownerEmail` (the portal's form, where a person knows the buyer's email).
 */
export type RegisterScrollInput = { readonly photo: Uint8Array; readonly ownerEmail?: string } & {
  readonly [name in (typeof registrationFields)[number]]?: string;
};

export type RegisteredScroll = { readonly uuid: string; readonly qrCode: string };

type Failures = 'not_agent' | 'invalid_request' | 'unusable_buyer' | 'invalid_photo' | 'duplicate' | 'no_credits' | 'busy';

/**
 * One registration at a time, across all nodes (the lock is the database's),
 * runs "catch up the index, identify, then insert", so a scroll uploaded twice
 * at once, to one node or to two, is still caught.
 */
export const REGISTRATION_LOCK = 'scroll-registration';
/** A QR code or uuid collision is astronomically rare; retrying the insert is enough. */
const INSERT_ATTEMPTS = 3;

export async function registerScroll(
  deps: Pick<DomainDeps, 'db' | 'engine' | 'indexSync' | 'files' | 'clock' | 'locks'>,
  store: Account,
  input: RegisterScrollInput,
): Promise<Outcome<RegisteredScroll, Failures>> {
  if (store.role !== 'agent') return fail('not_agent');

  const fields = await validateFields(deps, input);
  if (!fields.ok) return fields;

  // The expensive analysis runs outside the lock; only the index check and insert are serialised.
  const photo = await analyzeUpload(deps.engine, input.photo, 'mezuzah', { preview: true, requester: { store: store.uuid } });
  if (!photo.ok) return photo;
  const { fingerprint, preview } = photo.value;
  if (preview === undefined) throw new Error('The engine returned no preview although one was requested.');

  return deps.locks.run(REGISTRATION_LOCK, async () => {
    // Another node may have committed a registration since this one last looked.
    await deps.indexSync.catchUp();
    const match = await engineCall(() => deps.engine.identify(fingerprint));
    if (!match.ok) return match;
    if (match.value !== null) return fail('duplicate');

    for (let attempt = 1; ; attempt++) {
      const uuid = newUuid();
      const photoKey = `private/photos/${uuid}`;
      const previewKey = `public/previews/${uuid}.jpg`;
      const removeFiles = () => Promise.all([deps.files.remove(photoKey), deps.files.remove(previewKey)]);
      const at = formatTimestamp(deps.clock.now());
      try {
        // Files first: a row must never name a file that is not complete.
        await deps.files.put(photoKey, input.photo);
        await deps.files.put(previewKey, preview);
        const outcome = await transact(deps.db, async (tx) => {
          const scroll = await tx.scrolls.insert({
            uuid,
            qrCode: newQrCode(),
            registeredById: store.id,
            ownerId: fields.value.owner?.id ?? store.id,
            soferId: fields.value.sofer.id,
            megiahId: fields.value.megiah.id,
            font: fields.value.font,
            size: fields.value.size,
            note: fields.value.note,
            writtenDate: fields.value.writtenDate,
            examinedDate: fields.value.examinedDate,
            photoKey,
            previewKey,
            createdAt: at,
          });
          await tx.fingerprints.insert(scroll.id, fingerprint, at);
          // Its text check, run after this answer (run-text-checks.ts); written here, so no crash can lose it.
          await tx.scrollTextChecks.insertPending(scroll.id, at);
          const owner = fields.value.owner ?? store;
          await recordWebhookEvent(tx, {
            accountId: store.id,
            type: 'scroll.registered',
            data: {
              uuid: scroll.uuid,
              qr_code: scroll.qrCode,
              create_time: at,
              owner: { uuid: owner.uuid, username: owner.username, role: owner.role },
              sofer: { uuid: fields.value.sofer.uuid, username: fields.value.sofer.username },
              megiah: { uuid: fields.value.megiah.uuid, username: fields.value.megiah.username },
            },
            at,
          });
          if (fields.value.owner !== undefined) {
            const balance = await consumeCredit(tx, {
              accountId: store.id,
              reason: 'owner_registration',
              scrollId: scroll.id,
              saleId: null,
              at,
            });
            if (balance === null) return fail('no_credits', 'No credits left to register a scroll with an owner.');
          }
          return succeed({ uuid: scroll.uuid, qrCode: scroll.qrCode });
        });
        if (!outcome.ok) {
          await removeFiles();
          return outcome;
        }
        deps.engine.addToIndex(uuid, fingerprint);
        return outcome;
      } catch (error) {
        await removeFiles();
        if (error instanceof UniqueViolationError && attempt < INSERT_ATTEMPTS) continue;
        throw error;
      }
    }
  });
}

async function validateFields(deps: Pick<DomainDeps, 'db' | 'clock'>, input: RegisterScrollInput) {
  const text = {} as Record<(typeof requiredRegistrationFields)[number], string>;
  for (const name of requiredRegistrationFields) {
    const value = requireText(input[name], name, { max: 100 });
    if (!value.ok) return value;
    text[name] = value.value;
  }
  const note = requireText(input.note, 'note', { max: 2000, optional: true, multiLine: true });
  if (!note.ok) return note;

  const written = parseCalendarDate(text.writtendate);
  if (written === null) return fail('invalid_request', 'writtendate must be a date in YYYY-MM-DD form.');
  const examined = parseCalendarDate(text.examinateddate);
  if (examined === null) return fail('invalid_request', 'examinateddate must be a date in YYYY-MM-DD form.');
  // A day of slack: "today" in the store's time zone may be tomorrow in UTC.
  const latest = deps.clock.now().getTime() + 24 * 3600 * 1000;
  if (written.getTime() > latest) return fail('invalid_request', 'writtendate must not be in the future.');
  if (examined.getTime() > latest) return fail('invalid_request', 'examinateddate must not be in the future.');
  if (examined < written) return fail('invalid_request', 'examinateddate must not be before writtendate.');

  // One answer per field whether the uuid names no account or the wrong kind:
  // a reason per case would tell a store which uuids have accounts.
  const sofer = await deps.db.accounts.findByUuid(text.sofer);
  if (sofer === undefined || sofer.role !== 'sofer' || !sofer.confirmed) return fail('invalid_request', 'sofer must name a confirmed sofer.');
  const megiah = await deps.db.accounts.findByUuid(text.megiah);
  if (megiah === undefined || megiah.role !== 'megiah' || !megiah.confirmed) return fail('invalid_request', 'megiah must name a confirmed megiah.');

  let owner: Account | undefined;
  const ownerUuid = input.owner_uuid?.trim() ?? '';
  const ownerEmail = input.ownerEmail?.trim() ?? '';
  if (ownerUuid !== '' && ownerEmail !== '') return fail('invalid_request', 'Name the owner by owner_uuid or by email, not both.');
  if (ownerUuid !== '') {
    owner = await deps.db.accounts.findByUuid(ownerUuid);
    if (owner === undefined || owner.role !== 'user') return fail('unusable_buyer', 'owner_uuid must name a buyer (user) account.');
  }
  if (ownerEmail !== '') {
    owner = await deps.db.accounts.findByEmail(ownerEmail);
    if (owner === undefined || owner.role !== 'user') return fail('unusable_buyer', "The owner's email must be that of a buyer (user) account.");
  }
  return succeed({
    sofer,
    megiah,
    owner,
    writtenDate: text.writtendate,
    examinedDate: text.examinateddate,
    font: text.font,
    size: text.size,
    note: note.value,
  });
}
