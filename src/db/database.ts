// The database as the domain sees it: async repositories and transactions.
// Everything dialect-specific stays below this line (driver, placeholders,
// migrations' column types), so PostgreSQL plugs in as another SqlDriver.
import type { ConnectionUse, SqlDriver, SqlExecutor } from './driver.ts';
import { accountRepository } from './repositories/accounts.ts';
import { apiKeyRevealRepository } from './repositories/api-key-reveals.ts';
import { apiKeyRepository } from './repositories/api-keys.ts';
import { certificateRepository } from './repositories/certificates.ts';
import { checkResultRepository } from './repositories/check-results.ts';
import { creditRepository } from './repositories/credits.ts';
import { fileReferenceRepository } from './repositories/file-references.ts';
import { fingerprintRepository } from './repositories/fingerprints.ts';
import { idempotentRequestRepository } from './repositories/idempotent-requests.ts';
import { invitationRepository } from './repositories/invitations.ts';
import { megiahDecisionRepository } from './repositories/megiah-decisions.ts';
import { passwordRepository } from './repositories/passwords.ts';
import { saleRepository } from './repositories/sales.ts';
import { scrollTextCheckRepository } from './repositories/scroll-text-checks.ts';
import { scrollRepository } from './repositories/scrolls.ts';
import { sessionRepository } from './repositories/sessions.ts';
import { webhookRepository } from './repositories/webhooks.ts';
import { sql } from './sql.ts';

export function repositories(db: SqlExecutor) {
  return {
    accounts: accountRepository(db),
    apiKeys: apiKeyRepository(db),
    apiKeyReveals: apiKeyRevealRepository(db),
    certificates: certificateRepository(db),
    checkResults: checkResultRepository(db),
    credits: creditRepository(db),
    fileReferences: fileReferenceRepository(db),
    fingerprints: fingerprintRepository(db),
    idempotentRequests: idempotentRequestRepository(db),
    invitations: invitationRepository(db),
    megiahDecisions: megiahDecisionRepository(db),
    passwords: passwordRepository(db),
    sales: saleRepository(db),
    scrolls: scrollRepository(db),
    scrollTextChecks: scrollTextCheckRepository(db),
    sessions: sessionRepository(db),
    webhooks: webhookRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export type Database = Repositories & {
  /** Commits when `work` resolves, rolls back when it throws. Keep engine and file work outside. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Mutual exclusion by key across every process sharing this database (see SqlDriver.exclusive). */
  readonly locks: { run<T>(key: string, work: () => Promise<T>): Promise<T> };
  /** Subscribes to a change channel that committed writes notify (see SqlDriver.listen). */
  listen(channel: ChangeChannel, listener: () => void): () => void;
  /** Resolves when the database answers a trivial query; readiness checks use it. */
  ping(): Promise<void>;
  /** How much of the driver's connections are taken (see SqlDriver.connectionUse). */
  connectionUse(): readonly ConnectionUse[];
  close(): Promise<void>;
};

/**
 * Channels that the schema's triggers notify on commit (PostgreSQL). Their
 * names are part of the schema: see the migrations.
 */
export const changeChannels = { fingerprints: 'mezuzah_fingerprints' } as const;
export type ChangeChannel = (typeof changeChannels)[keyof typeof changeChannels];

export function createDatabase(driver: SqlDriver): Database {
  return {
    ...repositories(driver),
    transaction: (work) => driver.transaction((tx) => work(repositories(tx))),
    locks: { run: (key, work) => driver.exclusive(key, work) },
    listen: (channel, listener) => driver.listen(channel, listener),
    async ping() {
      await driver.one(sql`SELECT 1 AS ok`);
    },
    connectionUse: () => driver.connectionUse(),
    close: () => driver.close(),
  };
}
