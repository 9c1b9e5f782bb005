import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool } from 'pg';
import type { Database } from './database';

/** Whether the transaction whose callback this code runs in is still open. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** A query went to the pool while the code that sent it was inside an open transaction. Why: decision 0333. */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query outside its open transaction: on the embedded database (one connection) it would wait for ever. ' +
        'Pass the transaction handle (tx) down instead of using the database (db).',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/** Makes PostgreSQL refuse what the embedded database cannot do. Why: decision 0333. */
export function checkTransactionScope(db: Database, pool: Pool): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const scope = { open: true };
      try {
        return await openTransaction.run(scope, () => work(tx));
      } finally {
        // Work the callback started but did not await may query later, after the commit.
        scope.open = false;
      }
    }, config)) as Database['transaction'];
  for (const method of ['query', 'connect'] as const) {
    const original = pool[method].bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (openTransaction.getStore()?.open) throw new QueryOutsideTransactionError();
      return original(...args);
    };
  }
}

/**
 * Runs `work` as outside any transaction: for the few places that mean to use other connections
 * while a transaction holds a lock, on PostgreSQL only (the start-up lock).
 */
export function outsideTransactionScope<T>(work: () => Promise<T>): Promise<T> {
  return openTransaction.exit(work);
}
