// The store the HTTP benches load: an agent store with its key and credits,
// sofers and a megiah, and scrolls in its inventory written straight through
// the repositories in one transaction (rows only: no photo, no fingerprint).
// A bench adds what it alone needs through `more`, on the same database
// before it is closed.
import { randomBytes } from 'node:crypto';
import type { DatabaseLocation } from '../../src/config.ts';
import type { Account, Scroll } from '../../src/db/records.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { formatTimestamp, systemClock } from '../../src/domain/clock.ts';
import { createAccount } from '../../src/domain/create-account.ts';
import { grantCredits } from '../../src/domain/grant-credits.ts';
import { newQrCode, newUuid } from '../../src/domain/identifiers.ts';
import { createApiKey } from '../../src/domain/manage-api-keys.ts';
import type { DomainDeps } from '../../src/domain/deps.ts';
import { localFileStorage } from '../../src/files/local-file-storage.ts';

export type BenchStore = {
  readonly store: Account;
  readonly key: string;
  readonly sofers: readonly Account[];
  readonly megiah: Account;
  /** Oldest first. */
  readonly scrolls: readonly Scroll[];
  /** Distinguishes this seed's names and e-mails from another's in the same database. */
  readonly tag: string;
};

export type BenchDeps = Pick<DomainDeps, 'db' | 'files' | 'clock'>;

/** The value of an outcome a seed cannot do without. */
export function must<T>(outcome: { ok: true; value: T } | { ok: false; msg: string }): T {
  if (!outcome.ok) throw new Error(outcome.msg);
  return outcome.value;
}

export async function seedBenchStore(
  location: DatabaseLocation,
  filesDir: string,
  size: { readonly scrolls: number; readonly sofers: number; readonly credits: number; readonly note?: (i: number) => string },
  more: (deps: BenchDeps, seeded: BenchStore) => Promise<void> = async () => undefined,
): Promise<BenchStore> {
  const db = await openDatabase(location, () => formatTimestamp(systemClock.now()));
  const deps = { db, files: localFileStorage(filesDir), clock: systemClock };
  try {
    const tag = randomBytes(3).toString('hex');
    const store = must(await createAccount(deps, { role: 'store', agent: true, username: `bench-${tag}`, email: `bench-${tag}@example.test`, country: 'Israel', city: 'Jerusalem' }));
    const sofers: Account[] = [];
    for (let i = 0; i < size.sofers; i++) {
      sofers.push(must(await createAccount(deps, { role: 'sofer', confirmed: true, username: `sofer-${i}-${tag}`, email: `sofer-${i}-${tag}@example.test`, country: 'Israel', city: 'Safed' })));
    }
    const megiah = must(await createAccount(deps, { role: 'megiah', confirmed: true, megiahType: 'senior', username: `megiah-${tag}`, email: `megiah-${tag}@example.test`, country: 'Israel', city: 'Bnei Brak' }));
    const key = must(await createApiKey(deps, store.uuid)).key;
    must(await grantCredits(deps, store.uuid, size.credits));
    const at = formatTimestamp(systemClock.now());
    const scrolls = await db.transaction(async (tx) => {
      const written: Scroll[] = [];
      for (let i = 0; i < size.scrolls; i++) {
        const uuid = newUuid();
        written.push(
          await tx.scrolls.insert({
            uuid, qrCode: newQrCode(), registeredById: store.id, ownerId: store.id, soferId: sofers[i % sofers.length].id, megiahId: megiah.id,
            font: 'Beit Yosef', size: '12 cm', note: size.note?.(i) ?? '', writtenDate: '2024-01-01', examinedDate: '2024-01-02',
            photoKey: `private/photos/${uuid}`, previewKey: `public/previews/${uuid}.jpg`, createdAt: at,
          }),
        );
      }
      return written;
    });
    const seeded = { store, key, sofers, megiah, scrolls, tag };
    await more(deps, seeded);
    return seeded;
  } finally {
    await db.close();
  }
}
