import { sql } from 'drizzle-orm';
import type { Executor } from '../database/database';

/**
 * Runs the queries of one search with the planner's sequential scans off, in a transaction of its
 * own (decision 0382). A search table is small next to its rows' gram arrays (a record's holds about
 * a thousand grams): the planner, which prices `grams @> …` like any comparison, reads a table of a
 * few hundred rows from start to end and compares every row's array — 90–110 ms on the embedded
 * database for the demo content's 128 records — where the gram index answers in under a millisecond.
 * Conditions on other indexed columns must not offer the planner another way in (see `notIndexed`).
 */
export function throughGramIndex<T>(db: Executor, query: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return query(tx);
  });
}
