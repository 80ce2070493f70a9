// The database as the domain sees it: async repositories and transactions.
// Everything dialect-specific stays below this line (driver, placeholders,
// migrations' column types), so PostgreSQL plugs in as another SqlDriver.
import type { SqlDriver, SqlExecutor } from './driver.ts';
import { accountRepository } from './repositories/accounts.ts';
import { apiKeyRepository } from './repositories/api-keys.ts';
import { certificateRepository } from './repositories/certificates.ts';
import { creditRepository } from './repositories/credits.ts';
import { fingerprintRepository } from './repositories/fingerprints.ts';
import { saleRepository } from './repositories/sales.ts';
import { scrollRepository } from './repositories/scrolls.ts';

export function repositories(db: SqlExecutor) {
  return {
    accounts: accountRepository(db),
    apiKeys: apiKeyRepository(db),
    certificates: certificateRepository(db),
    credits: creditRepository(db),
    fingerprints: fingerprintRepository(db),
    sales: saleRepository(db),
    scrolls: scrollRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export type Database = Repositories & {
  /** Commits when `work` resolves, rolls back when it throws. Keep engine and file work outside. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export function createDatabase(driver: SqlDriver): Database {
  return {
    ...repositories(driver),
    transaction: (work) => driver.transaction((tx) => work(repositories(tx))),
    close: () => driver.close(),
  };
}
