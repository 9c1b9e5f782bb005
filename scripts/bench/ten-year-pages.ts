// The pages the ten-year step measures: every public list and detail page, and every admin list at
// its first page, a deep page, a filter and a search. Each kind is a list of distinct addresses
// (ids, page numbers, terms), so the page cache answers none of them and each is a render.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/database/database';

export interface TenYearKind {
  name: string;
  /** Public pages anonymously, admin lists with the admin's session. */
  admin: boolean;
  paths: string[];
}

/** Lowest and highest id of a table (optionally of the rows matching `where`). */
export interface IdRanges {
  cases: [number, number];
  published: number[];
  questions: [number, number];
  news: [number, number];
  ipm: [number, number];
  records: [number, number];
  ipmCategories: string[];
}

async function rows<T>(db: Database, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function range(db: Database, table: string): Promise<[number, number]> {
  const [row] = await rows<{ low: number; high: number }>(
    db,
    `select min(id)::int as low, max(id)::int as high from ${table}`,
  );
  return [row?.low ?? 1, row?.high ?? 1];
}

/** Read from the database before the server opens it (the embedded one takes one process at a time). */
export async function idRanges(db: Database): Promise<IdRanges> {
  const published = await rows<{ id: number }>(
    db,
    `select id from consultation_cases where published_at is not null and status <> 'receiving' order by id desc limit 400`,
  );
  const categories = await rows<{ category: string }>(
    db,
    `select distinct category from ipm_sheets order by 1 limit 20`,
  );
  return {
    cases: await range(db, 'consultation_cases'),
    published: published.map((row) => row.id),
    questions: await range(db, 'discussion_questions'),
    news: await range(db, 'news'),
    ipm: await range(db, 'ipm_sheets'),
    records: await range(db, 'records'),
    ipmCategories: categories.map((row) => row.category),
  };
}

/** Pests with registered uses in the generated data (ten-year-fill.ts), and crops. */
const causes = ['炭疽病', '白粉病', '疫病', '夜蛾', '薊馬'];
const crops = ['番茄', '水稻', '檬果', '柑橘', '香蕉', '茶樹'];
const words = ['炭疽病', '番茄', '薊馬', '葉片', '水稻', '白粉病', '夜蛾', '柑橘', '疫病', '根部'];
const spread = (count: number, [low, high]: [number, number]) =>
  Array.from({ length: count }, (_, index) => low + Math.floor(((high - low) * index) / Math.max(1, count - 1)));
const pages = (count: number, from: number, to: number) => spread(count, [from, to]);
const e = encodeURIComponent;

export function tenYearKinds(ids: IdRanges, samples: number): TenYearKind[] {
  const n = samples;
  const numbered = (prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const publicKind = (name: string, paths: string[]) => ({ name, admin: false, paths });
  /** First page, a deep page, a filter and a search (`search`: query strings) of an admin list. */
  const adminList = (resource: string, deepPage: number, filter: string, search: string[]): TenYearKind[] => [
    { name: `admin ${resource}: first page`, admin: true, paths: numbered(`/admin/${resource}?page=1&v=`) },
    {
      name: `admin ${resource}: deep page`,
      admin: true,
      // No admin page lies past the first 10,000 rows of its order (decision 0430): page 500 of 20.
      paths: pages(n, Math.min(deepPage, 500) - n, Math.min(deepPage, 500)).map(
        (page) => `/admin/${resource}?page=${page}`,
      ),
    },
    {
      name: `admin ${resource}: filter`,
      admin: true,
      paths: pages(n, 1, n).map((page) => `/admin/${resource}?${filter}&page=${page}`),
    },
    { name: `admin ${resource}: search`, admin: true, paths: search.map((query) => `/admin/${resource}?${query}`) },
  ];
  const q = (terms: string[]) => terms.map((term) => `q=${e(term)}`);
  return [
    // Home is kept by the page cache (decision 0452): a new value of its news tab is a render from scratch.
    publicKind('home', numbered('/?news=')),
    publicKind(
      'record search list, numbered pages',
      pages(n, 1, 12).map((page) => `/search/bug?page=${page}&term=${e(words[page % words.length] as string)}`),
    ),
    publicKind(
      'record page',
      spread(n, ids.records).map((id) => `/search/bug/detail?id=${id}`),
    ),
    publicKind(
      'pesticide lookup',
      words.map((word, i) => `/search/bug/detail2?name=${e(word)}&moa=${i}`),
    ),
    // A pest on a crop holds about 2,500 uses here: numbered pages of 60 (decision 0432).
    publicKind(
      'pesticide lookup, deep pages',
      pages(n, 2, 40).map(
        (page) => `/search/bug/detail2?name=${e(causes[page % causes.length] as string)}&page=${page}`,
      ),
    ),
    publicKind(
      'pesticide lookup by crop',
      pages(n, 1, 12).map(
        (page) => `/search/bug/crop?plant=${e(crops[page % crops.length] as string)}&page=${(page % 3) + 1}`,
      ),
    ),
    publicKind(
      'advisory list, deep pages',
      pages(n, 1, Math.max(1, Math.floor(ids.published.length * 8))).map(
        (page) => `/consultation/advisory?page=${page}`,
      ),
    ),
    publicKind(
      'advisory list, a crop',
      pages(n, 1, 40).map((page) => `/consultation/advisory?crop=${e('番茄')}&page=${page}`),
    ),
    publicKind(
      'advisory list, a term',
      words.map((word) => `/consultation/advisory?term=${e(word)}`),
    ),
    publicKind(
      'advisory case page',
      ids.published.slice(0, n).map((id) => `/consultation/advisory/detail?id=${id}`),
    ),
    publicKind(
      'news list, numbered pages',
      pages(n, 1, 200).map((page) => `/news?page=${page}`),
    ),
    publicKind(
      'news page',
      spread(n, ids.news).map((id) => `/news/detail?id=${id}`),
    ),
    publicKind(
      'IPM list, a category',
      ids.ipmCategories.map((category) => `/IPM?term=${e(category)}`),
    ),
    publicKind(
      'IPM sheet page',
      spread(n, ids.ipm).map((id) => `/IPM/detail?id=${id}`),
    ),
    publicKind(
      'IPM search',
      words.map((word) => `/search/IPM?term=${e(word)}`),
    ),
    // Staff read the discussion area; a visitor without a LINE sign-in sees an invitation.
    {
      name: 'discussion list (staff)',
      admin: true,
      paths: [...numbered('/expert?from='), ...words.map((word) => `/expert?q=${e(word)}`)],
    },
    {
      name: 'discussion question page (staff)',
      admin: true,
      paths: spread(n, ids.questions).map((id) => `/expert/detail/${id}`),
    },
    ...adminList(
      'consultation-cases',
      2400,
      'status=answered',
      words.map((word) => `crop=${e(word)}`),
    ),
    ...adminList('members', 4900, 'role=admin', q(['member123', '會員4567', 'example.org', 'member9', '不存在的人'])),
    ...adminList('orders', 900, 'status=paid', q(['TY0000123', '訂購人45', '農場12', '0400001', '不存在'])),
    ...adminList('discussion-questions', 1900, 'status=hidden', q(words)),
    ...adminList('discussion-comments', 7900, 'status=visible', q(['回覆', '病葉', '第 3 則', '照片', '不存在'])),
    ...adminList('news', 240, 'state=published', q(words)),
    ...adminList('ipm-sheets', 90, 'state=published', q(words)),
    ...adminList('audit-log', 49000, 'entity=order', q(['職員1', 'publish', '12345', 'member', '不存在'])),
    ...adminList('outbox', 24000, 'v=1', ['page=2', 'page=3']),
  ];
}
