// The load of the two-server bench (two-servers.ts): members from distinct addresses sign up and
// in, read cached pages and pages rendered from scratch, and write — cart adds, an inquiry, a
// consultation with three photos — each with the site's real robot checks. Afterwards the
// database is checked: every write there once. Each member sends a fixed number of requests
// (within the site's per-address budgets: 600 pages, 20 forms a minute), all members at once.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import sharp from 'sharp';
import { idempotencyKeyHash } from '../../apps/server/src/consultation/form/form-tokens';
import type { SmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { MemberClient, type Answer } from './member-client';
import { recordSummaries } from './bench-visitors';
import { pageKinds } from './scratch-pages';

export interface MembersOptions {
  origin: string;
  ca: Buffer;
  members: number;
  db: pg.Client;
  /** Processor time of both servers so far, ms. */
  serverCpu: () => number;
  cacheCounts: () => Promise<{ hits: number; misses: number }>;
  say: (text: string) => void;
  smtp: SmtpPeer;
}

interface Figure {
  name: string;
  times: number[];
  failures: Map<number | string, number>;
  seconds: number;
  cpuMs: number;
  hitRatio?: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function line(figure: Figure): string {
  const sorted = [...figure.times].sort((a, b) => a - b);
  const failed = [...figure.failures.values()].reduce((sum, count) => sum + count, 0);
  const which = [...figure.failures].map(([status, count]) => `${status}×${count}`).join(' ');
  const hits = figure.hitRatio === undefined ? '' : `, hits ${(100 * figure.hitRatio).toFixed(0)} %`;
  return (
    `${figure.name}: ${sorted.length} answers, ${(sorted.length / figure.seconds).toFixed(0)} req/s, ` +
    `p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, ` +
    `${(figure.cpuMs / Math.max(1, sorted.length)).toFixed(1)} ms server CPU a request${hits}, ` +
    `errors ${failed}${which ? ` (${which})` : ''}`
  );
}

/** Runs `each` for every member at once and gathers one figure. */
async function phase(
  name: string,
  members: MemberClient[],
  options: MembersOptions,
  each: (member: MemberClient, index: number, record: (answer: Answer, ok?: boolean) => void) => Promise<void>,
): Promise<Figure> {
  const figure: Figure = { name, times: [], failures: new Map(), seconds: 0, cpuMs: 0 };
  const record = (answer: Answer, ok = answer.status >= 200 && answer.status < 300) => {
    if (ok) figure.times.push(answer.ms);
    else figure.failures.set(answer.status, (figure.failures.get(answer.status) ?? 0) + 1);
  };
  const cache = await options.cacheCounts();
  const cpu = options.serverCpu();
  const began = Date.now();
  await Promise.all(
    members.map((member, index) =>
      each(member, index, record).catch((error: unknown) => {
        const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
        figure.failures.set(key, (figure.failures.get(key) ?? 0) + 1);
      }),
    ),
  );
  figure.seconds = (Date.now() - began) / 1000;
  figure.cpuMs = options.serverCpu() - cpu;
  const after = await options.cacheCounts();
  const answered = after.hits + after.misses - cache.hits - cache.misses;
  if (answered > 0) figure.hitRatio = (after.hits - cache.hits) / answered;
  options.say(`${line(figure)} (load average ${os.loadavg()[0]?.toFixed(1)})`);
  return figure;
}

export async function runMembers(options: MembersOptions): Promise<Figure[]> {
  const { db, say } = options;
  const members = Array.from(
    { length: options.members },
    (_, index) => new MemberClient(options.origin, `127.0.0.${10 + index}`, options.ca),
  );
  const password = 'Bench-Member-2026';
  const run = Date.now().toString(36);
  const account = (index: number) => `b${run}${index}`;
  const figures: Figure[] = [];

  figures.push(
    await phase('sign-up and sign-in (robot check solved first)', members, options, async (member, index, record) => {
      const altcha = await member.altcha();
      const body = {
        account: account(index),
        name: '壓測會員',
        email: `${account(index)}@example.org`,
        class: 'all',
        password,
        altcha,
      };
      const signUp = await member.send('/api/v1/members-signup', { json: body });
      record(signUp, signUp.status === 201);
      if (signUp.status !== 201) throw new Error(`sign-up ${signUp.status} ${signUp.body.slice(0, 120)}`);
      const login = await member.send('/api/info/logini', { json: { a1: account(index), a2: password } });
      record(login);
      if (login.status !== 200) throw new Error(`login ${login.status}`);
    }),
  );

  // The pages: what the page cache keeps (visited once before, so kept on whichever server nginx chose),
  // and pages of every kind with a URL nobody asked for before (scratch-pages.ts).
  const summaries = await recordSummaries(options.origin);
  const cachedPaths = [
    ...summaries.slice(0, 40).map((item) => `/search/bug/detail?id=${item.id}`),
    '/consultation/advisory',
    '/search/bug?term=%E5%A4%9C%E8%9B%BE',
  ];
  for (let round = 0; round < 2; round += 1) for (const path of cachedPaths) await fetch(`${options.origin}${path}`);
  const perMember = 100;
  figures.push(
    await phase(`cached pages (${perMember} a member)`, members, options, async (member, index, record) => {
      for (let visit = 0; visit < perMember; visit += 1)
        record(await member.send(cachedPaths[(index + visit) % cachedPaths.length] as string, { compressed: true }));
    }),
  );
  const kinds = (await pageKinds(options.origin, summaries)).filter((kind) => !kind.kept);
  const fresh = kinds.flatMap((kind) => kind.requests.map((request) => request.path));
  const scratchPerMember = 30;
  figures.push(
    await phase(
      `pages from scratch (${scratchPerMember} a member, ${kinds.length} kinds)`,
      members,
      options,
      async (member, index, record) => {
        for (let visit = 0; visit < scratchPerMember; visit += 1) {
          const path = (fresh[(index * 7 + visit) % fresh.length] as string).replace(
            '[<id>]',
            `${index}x${visit}x${run}`,
          );
          record(await member.send(path, { compressed: true }));
        }
      },
    ),
  );

  const { rows: products } = await db.query<{ id: number }>('select id from catalogue_products order by id limit 2');
  if (products.length < 2) throw new Error('the demo content has no two products');
  const [first, second] = products.map((product) => product.id) as [number, number];
  figures.push(
    await phase('cart add (3 a member, one product twice)', members, options, async (member, _index, record) => {
      for (const product of [first, second, first])
        record(await member.send('/api/v1/shopping-carts', { json: { products_id: product, qty: 1 }, xsrf: true }));
    }),
  );
  // The robot checks are solved before the timed forms, as the widget does while the visitor types.
  // A challenge that could not be fetched leaves the form without a check: its refusal counts as an error.
  const tokens = await Promise.all(
    members.map(async (member) => [await member.altcha().catch(() => 'x'), await member.altcha().catch(() => 'x')]),
  );
  const inquiry = {
    name: '壓測會員',
    telephone: '02-2345-6789',
    company_name: '壓測農場',
    address: '',
    message: '請報價。',
  };
  figures.push(
    await phase('inquiry (order from the cart)', members, options, async (member, index, record) => {
      const email = `${account(index)}@example.org`;
      record(
        await member.send('/api/v1/orders', { json: { ...inquiry, email, token: tokens[index]![0] }, xsrf: true }),
        undefined,
      );
    }),
  );
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  const keys = members.map(() => randomUUID());
  figures.push(
    await phase('consultation with 3 photos (5 requests)', members, options, async (member, index, record) => {
      const created = await member.send('/api/info/advNew', {
        json: {
          a1: '斗南鎮',
          a2: '水稻',
          a3: '壓測農友',
          a4: '0912-345-678',
          a5: `${account(index)}@example.org`,
          a6: '葉片出現褐色斑點，逐漸擴大。',
          city: '雲林縣',
          key: keys[index],
          publishConsent: false,
          altcha: tokens[index]![1],
        },
      });
      record(created);
      const { d: caseId, token } = JSON.parse(created.body) as { d: number; token: string };
      for (const group of ['pic1', 'pic2', 'pic3']) {
        const form = new FormData();
        form.set('id', String(caseId));
        form.set('cl', group);
        form.set('token', token);
        form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${group}.jpg`);
        record(await member.send('/assets/Huploadify/uploadadvnew.ashx', { form }));
      }
      record(await member.send('/api/info/advDone', { json: { key: keys[index], token, photos: 3 } }));
    }),
  );
  for (const member of members) member.close();

  say('checks: every write once in PostgreSQL, every photo in the store, every mail sent');
  const like = `b${run}%`;
  const checks = await db.query<Record<string, number>>(
    `select
       (select count(*)::int from members where account like $1) as members,
       (select count(*)::int from orders o join members m on m.id = o.members_id where m.account like $1) as orders,
       (select count(*)::int from orders o join members m on m.id = o.members_id where m.account like $1
          and o.product_info::text like '%"qty": 2%' and jsonb_array_length(o.product_info) = 2) as orders_whole,
       (select count(*)::int from shopping_carts c join members m on m.id = c.members_id where m.account like $1) as cart_lines_left,
       (select count(*)::int from consultation_cases where idempotency_key = any($2)) as cases,
       (select count(*)::int from consultation_cases where idempotency_key = any($2) and status = 'submitted') as cases_submitted,
       (select count(*)::int from consultation_case_photos p join consultation_cases c on c.id = p.case_id
          where c.idempotency_key = any($2)) as photos`,
    [like, keys.map(idempotencyKeyHash)],
  );
  const found = checks.rows[0] as Record<string, number>;
  const expected = {
    members: options.members,
    orders: options.members,
    orders_whole: options.members,
    cart_lines_left: 0,
    cases: options.members,
    cases_submitted: options.members,
    photos: 3 * options.members,
  };
  const wrong = Object.entries(expected).filter(([name, value]) => found[name] !== value);
  say(
    `PostgreSQL: ${JSON.stringify(found)}: ${wrong.length === 0 ? 'nothing lost, nothing twice' : `WRONG ${JSON.stringify(wrong)}`}`,
  );
  const stored = await db.query<{ missing: number }>(
    `select count(*)::int as missing from consultation_case_photos p join consultation_cases c on c.id = p.case_id
       left join stored_files f on f.id = p.stored_file_id where c.idempotency_key = any($1) and f.id is null`,
    [keys.map(idempotencyKeyHash)],
  );
  say(`photos without a stored file: ${stored.rows[0]?.missing}`);
  let mails = { queued: 0, sent: 0 };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const outbox = await db.query<{ queued: number; sent: number }>(
      "select count(*)::int as queued, count(*) filter (where state = 'sent')::int as sent from mail_outbox",
    );
    mails = outbox.rows[0] ?? mails;
    if (mails.sent === mails.queued) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  say(
    `mail: ${mails.sent} of ${mails.queued} queued mails sent by the worker, ${options.smtp.received.length} received`,
  );
  console.log('\n=== two servers behind nginx, one worker, PostgreSQL, S3 ===');
  for (const figure of figures) console.log(line(figure));
  return figures;
}
