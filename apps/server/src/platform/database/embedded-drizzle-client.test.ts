import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDrizzleClient } from './embedded-drizzle-client';

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  localAt: timestamp('local_at', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount').notNull(),
  ats: timestamp('ats').array().notNull(),
});

const setup = `
  create table moments (id int primary key, at timestamptz not null, local_at timestamp not null, day date not null,
    span interval not null, amount numeric not null, ats timestamp[] not null);
  insert into moments values (1, '2026-12-07 15:04:05.123+08', '2026-12-07 15:04:05', '2026-12-07', '1 day 02:03:04',
    '12.50', array['2026-01-02 03:04:05'::timestamp, '2026-02-03 04:05:06'::timestamp]);`;

describe('the client Drizzle gets on the embedded database (decisions 0456, 0458)', () => {
  let plain: PGlite;
  let shared: PGlite;
  /** The options each query of the shared instance reached PGlite with. */
  const sent: Array<QueryOptions | undefined> = [];
  /** Whether a callback set up just before a query had run when the query reached PGlite. */
  const turned: boolean[] = [];
  let callbackRan = false;

  beforeAll(async () => {
    plain = await PGlite.create();
    shared = await PGlite.create();
    for (const client of [plain, shared]) await client.exec(setup);
    const query = shared.query.bind(shared);
    shared.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      sent.push(options);
      turned.push(callbackRan);
      return query(text, params, options);
    }) as PGlite['query'];
  });
  afterAll(async () => {
    await plain?.close();
    await shared?.close();
  });

  it('reads every row, typed and raw, in and out of a transaction, exactly as Drizzle does alone', async () => {
    const before = drizzle(plain);
    const after = drizzle(embeddedDrizzleClient(shared));
    const read = async (db: typeof before) => ({
      typed: await db.select().from(moments),
      raw: (await db.execute(sql`select at, local_at, day, span, amount, ats from moments`)).rows,
      inTransaction: await db.transaction((tx) => tx.select().from(moments)),
    });
    const expected = await read(before);
    expect(expected.typed[0]?.at).toBeInstanceOf(Date);
    expect(expected.typed[0]?.localAt).toBe('2026-12-07 15:04:05');
    expect(expected.raw[0]).toMatchObject({ day: '2026-12-07', span: '1 day 02:03:04' });

    sent.length = 0;
    expect(await read(after)).toEqual(expected);
    // No query carried parsers for PGlite to merge into its own: only the row mode.
    expect(sent.length).toBeGreaterThan(0);
    for (const options of sent) expect(options).toEqual({ rowMode: expect.stringMatching(/^(array|object)$/) });
  });

  it('lets the event loop turn before each statement and each transaction', async () => {
    const transaction = shared.transaction.bind(shared);
    shared.transaction = ((work) => {
      turned.push(callbackRan);
      return transaction(work);
    }) as PGlite['transaction'];
    // Wrapped after the spy is in place: the client takes the instance's methods when it wraps it.
    const db = drizzle(embeddedDrizzleClient(shared));
    const afterATurn = async (work: () => Promise<unknown>) => {
      callbackRan = false;
      turned.length = 0;
      setImmediate(() => {
        callbackRan = true;
      });
      await work();
      return [...turned];
    };
    try {
      expect(await afterATurn(() => db.select().from(moments))).toEqual([true]);
      expect(await afterATurn(() => db.execute(sql`select 1`))).toEqual([true]);
      let turnedInside: boolean | undefined;
      const begun = await afterATurn(() =>
        db.transaction(async (tx) => {
          callbackRan = false;
          setImmediate(() => {
            callbackRan = true;
          });
          await tx.select().from(moments);
          await tx.select().from(moments);
          turnedInside = callbackRan;
        }),
      );
      expect(begun).toEqual([true]);
      // Inside too: PGlite hands its connection from one waiting transaction to the next without a turn.
      expect(turnedInside).toBe(true);
    } finally {
      shared.transaction = transaction;
    }
  });

  it('gives a query that names no parsers (the job queue through db.$client) PGlite’s own, as before', async () => {
    const client = drizzle(embeddedDrizzleClient(shared)).$client;
    const [row] = (await client.query<{ at: unknown; day: unknown }>('select at, day from moments')).rows;
    const [expected] = (await plain.query<{ at: unknown; day: unknown }>('select at, day from moments')).rows;
    expect(row?.at).toBeInstanceOf(Date);
    expect(row).toEqual(expected);
    const inTransaction = await client.transaction(
      async (tx) => (await tx.query<{ at: unknown }>('select at from moments')).rows[0]?.at,
    );
    expect(inTransaction).toEqual(expected?.at);
  });

  it('adds a query’s other parsers over PGlite’s own', async () => {
    const client = embeddedDrizzleClient(shared);
    const { rows } = await client.query<{ id: unknown; at: unknown }>('select id, at from moments', [], {
      parsers: { 23: (value: string) => `#${value}` },
    });
    expect(rows[0]?.id).toBe('#1');
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });
});
