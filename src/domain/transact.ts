import type { Database, Repositories } from '../db/database.ts';
import type { ErrorCode, Failure, Outcome } from '../errors.ts';

class RolledBack extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.msg);
    this.failure = failure;
  }
}

/**
 * Runs `work` in a transaction that commits on success and rolls back when it
 * returns a failure, so an expected refusal (no credits, not owned) leaves no
 * partial writes behind and still reaches the caller as a value.
 */
export async function transact<T, C extends ErrorCode>(
  db: Database,
  work: (tx: Repositories) => Promise<Outcome<T, C>>,
): Promise<Outcome<T, C>> {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await work(tx);
      if (!outcome.ok) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.failure as Failure<C>;
    throw error;
  }
}
