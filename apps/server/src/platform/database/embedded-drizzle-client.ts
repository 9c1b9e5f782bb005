// The next turn of the event loop: timers and other requests' I/O run first.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * The result types Drizzle reads as PostgreSQL's text and converts itself: timestamp, timestamptz,
 * interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date. Its PGlite
 * session (drizzle-orm/pglite/session.js) passes an identity parser for each with every query.
 */
const drizzleTextTypes = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;
const asText = (value: string) => value;

type Parsers = NonNullable<QueryOptions['parsers']>;
type Queryable = Pick<PGlite, 'query' | 'exec'> & { transaction?: PGlite['transaction'] };

function namesDrizzleTypesOnly(parsers: Parsers): boolean {
  const names = Object.keys(parsers);
  return names.length === drizzleTextTypes.length && drizzleTextTypes.every((type) => type in parsers);
}

/** Each instance's own parsers for Drizzle's text types, from before they were replaced. */
const pgliteOwnParsers = new WeakMap<PGlite, Parsers>();

/**
 * The client Drizzle gets on the embedded database: the PGlite instance behind a proxy that changes two
 * things.
 *
 * - **Parsers** (decision 0456): PGlite merges a query's own parsers into its instance's for every
 *   statement — an object of its 318 type parsers copied and thrown away each time, 0.14 ms of processor
 *   time and a large allocation per query, which Drizzle's per-query parsers pay on every statement. So
 *   the instance holds Drizzle's parsers from the start, and the proxy drops the same parsers from each
 *   query: what Drizzle reads is unchanged. A query that names no parsers (the job queue's, through
 *   `db.$client`) gets PGlite's own for those types back, as before; one naming others gets them over
 *   PGlite's own.
 * - **A turn of the event loop before each statement and transaction** (decision 0458): PGlite answers in
 *   the same thread, settling its promises as microtasks, and hands its one connection to the next waiting
 *   transaction the same way, so sixteen requests' transactions ran back to back without the event loop
 *   turning: 350–540 ms during which no stored page, file or timer was served. A turn before only each
 *   transaction left that chain whole; a turn before each statement breaks it.
 */
export function embeddedDrizzleClient(client: PGlite): PGlite {
  let pgliteOwn = pgliteOwnParsers.get(client);
  if (!pgliteOwn) {
    pgliteOwn = Object.fromEntries(drizzleTextTypes.map((type) => [type, client.parsers[type]!]));
    pgliteOwnParsers.set(client, pgliteOwn);
    for (const type of drizzleTextTypes) client.parsers[type] = asText;
  }
  const withPgliteOwn: QueryOptions = { parsers: pgliteOwn };
  const byRowMode: Record<'array' | 'object', QueryOptions> = {
    array: { rowMode: 'array' },
    object: { rowMode: 'object' },
  };

  const adapt = (options: QueryOptions | undefined): QueryOptions => {
    if (!options) return withPgliteOwn;
    if (!options.parsers) return { ...options, parsers: pgliteOwn };
    const onlyRowMode = Object.keys(options).every((name) => name === 'rowMode' || name === 'parsers');
    if (onlyRowMode && namesDrizzleTypesOnly(options.parsers)) return byRowMode[options.rowMode ?? 'object'];
    return { ...options, parsers: { ...pgliteOwn, ...options.parsers } };
  };

  // The methods are taken when wrapping, not at each call: a property set on the proxy lands on the
  // instance, and must not become what the proxy's own method calls back into.
  const wrap = <T extends Queryable>(target: T): T => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    const transaction = target.transaction?.bind(target);
    const replaced: Record<string, unknown> = {
      query: async (text: string, params?: unknown[], options?: QueryOptions) => {
        await nextTurn();
        return query(text, params, adapt(options));
      },
      exec: async (text: string, options?: QueryOptions) => {
        await nextTurn();
        return exec(text, adapt(options));
      },
      transaction:
        transaction &&
        (async <R>(work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<R>) => {
          await nextTurn();
          return transaction((tx) => work(wrap(tx)));
        }),
    };
    return new Proxy(target, {
      get(object, name) {
        if (typeof name === 'string' && replaced[name]) return replaced[name];
        // PGlite keeps private fields: its own methods run on the instance itself, not on the proxy.
        const value: unknown = Reflect.get(object, name, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  };
  return wrap(client);
}
