import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareDrizzleParsers } from './pglite-drizzle-parsers';

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

describe('Drizzle on PGlite with its parsers held by the instance (decision 0456)', () => {
  let plain: PGlite;
  let shared: PGlite;
  /** The options each query of the shared instance reached PGlite with. */
  const sent: Array<QueryOptions | undefined> = [];

  beforeAll(async () => {
    plain = await PGlite.create();
    shared = await PGlite.create();
    for (const client of [plain, shared]) await client.exec(setup);
    const query = shared.query.bind(shared);
    shared.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      sent.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
  });
  afterAll(async () => {
    await plain?.close();
    await shared?.close();
  });

  it('reads every row, typed and raw, in and out of a transaction, exactly as Drizzle does alone', async () => {
    const before = drizzle(plain);
    const after = drizzle(shareDrizzleParsers(shared));
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

  it('gives a query that names no parsers (the job queue through db.$client) PGlite’s own, as before', async () => {
    const client = drizzle(shareDrizzleParsers(shared)).$client;
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
    const client = shareDrizzleParsers(shared);
    const { rows } = await client.query<{ id: unknown; at: unknown }>('select id, at from moments', [], {
      parsers: { 23: (value: string) => `#${value}` },
    });
    expect(rows[0]?.id).toBe('#1');
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });
});
