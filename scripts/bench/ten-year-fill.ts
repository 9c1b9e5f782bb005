// Ten years of an institute's data (docs/performance.md, "Ten years of data"): fills a migrated,
// seeded database with cases, photos, discussion posts, members, orders, news, IPM sheets,
// registered pesticide uses, audit entries and outbox mail — inside the database with
// generate_series, one statement a table, never row by row through the services. Text that the
// search tables index comes from a few hundred templates whose grams are computed here once by the
// site's own functions, so the search rows are exactly what the services would have written.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/accounts/password-hash';
import { caseSearchEntry } from '../../apps/server/src/consultation/advisory/case-search-entry';
import type { Database } from '../../apps/server/src/platform/database/database';
import { readingRoomSearchEntry } from '../../apps/server/src/reading-room/services/reading-room-search-entry';
import { refreshMemberSearch } from '../../apps/server/src/accounts/services/refresh-member-search';
import { refreshOrderSearch } from '../../apps/server/src/catalogue/services/refresh-order-search';
import { refreshCommentSearch } from '../../apps/server/src/discussion/services/refresh-comment-search';
import { refreshQuestionSearch } from '../../apps/server/src/discussion/services/refresh-question-search';

/** Bump when what is generated changes: the cached databases are kept per version (ten-year-cache.ts). */
export const tenYearVersion = 5;

/** The counts at scale 1; `--scale 0.1` makes a tenth of each (a quicker, smaller run). */
export function tenYearCounts(scale: number) {
  const n = (count: number) => Math.max(10, Math.round(count * scale));
  return {
    cases: n(50_000),
    photosPerCase: 4,
    questions: n(40_000),
    commentsPerQuestion: 4,
    identities: n(10_000),
    members: n(100_000),
    orders: n(20_000),
    news: n(5_000),
    ipmSheets: n(2_000),
    pesticideUses: n(500_000),
    audit: n(1_000_000),
    outbox: n(500_000),
  };
}

/** The staff account the bench signs in with (role admin). */
export const tenYearAdmin = { account: 'tenyearadmin', password: 'Ten-Year-Admin-2026' };

const crops = ['番茄', '水稻', '檬果', '柑橘', '香蕉', '茶樹', '玉米', '甘藍', '草莓', '葡萄', '胡瓜', '西瓜'];
const counties = ['臺中市', '彰化縣', '雲林縣', '嘉義縣', '臺南市', '高雄市', '屏東縣', '宜蘭縣', '花蓮縣', '臺東縣'];
const towns = ['霧峰區', '大村鄉', '斗南鎮', '民雄鄉', '善化區', '美濃區', '里港鄉', '三星鄉', '吉安鄉', '池上鄉'];
const symptoms = ['葉片出現褐色斑點', '果實表面有凹陷病斑', '新梢萎凋', '葉背有白色粉狀物', '根部腐爛', '莖基部變黑'];
const causes = ['炭疽病', '白粉病', '疫病', '夜蛾', '薊馬', '葉蟎', '粉蝨', '果實蠅', '青枯病', '灰黴病'];
/** Registered uses spread as in the real file: one pest on one crop has tens of uses, not thousands. */
const plants = [
  ...crops,
  '甘藷',
  '花生',
  '大豆',
  '茄子',
  '青椒',
  '苦瓜',
  '絲瓜',
  '南瓜',
  '蘆筍',
  '洋蔥',
  '蔥',
  '菠菜',
  '萵苣',
  '芹菜',
  '胡蘿蔔',
  '蘿蔔',
  '馬鈴薯',
  '百合',
  '菊花',
  '玫瑰',
  '蘭花',
  '枇杷',
  '柿',
  '棗',
  '百香果',
  '火龍果',
  '蓮霧',
  '番石榴',
  '木瓜',
  '鳳梨',
  '荔枝',
  '龍眼',
  '楊桃',
  '釋迦',
  '酪梨',
  '咖啡',
  '梨',
  '桃',
];
const templateCount = 240;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(quote).join(',')}]::text[]`;

function caseTemplate(index: number) {
  const crop = crops[index % crops.length] as string;
  const county = counties[index % counties.length] as string;
  const town = towns[(index * 7) % towns.length] as string;
  const cause = causes[(index * 3) % causes.length] as string;
  const description = `${crop}${symptoms[index % symptoms.length]}，已持續一週，附近田區也有類似情形。第 ${index} 號樣本。`;
  const reply = `<p>依照片判斷為${cause}，請清除受害組織並改善通風，必要時依登記用藥防治。</p>`;
  const entry = caseSearchEntry({
    cropName: crop,
    countyName: county,
    townshipName: town,
    description,
    replyHtml: reply,
  });
  return { crop, county, town, description, reply, ...entry };
}

function itemTemplate(index: number, category: string | null) {
  const crop = crops[index % crops.length] as string;
  const cause = causes[(index * 7) % causes.length] as string;
  const title = `${crop}${cause}整合管理 ${index}`;
  const detail = `${crop}${cause}的發生生態與防治方法。\n${symptoms[index % symptoms.length]}時應及早處理。`;
  return { title, detail, category, ...readingRoomSearchEntry({ title, category, detail }) };
}

/** A VALUES list of templates as a temporary table `name`, numbered from 0. */
async function templateTable(db: Database, name: string, rows: Array<Record<string, string | string[]>>) {
  const columns = Object.keys(rows[0] ?? {});
  const values = rows
    .map((row, index) => {
      const cells = columns.map((column) => {
        const value = row[column] as string | string[];
        return Array.isArray(value) ? textArray(value) : quote(value);
      });
      return `(${index},${cells.join(',')})`;
    })
    .join(',\n');
  await db.execute(sql.raw(`drop table if exists ${name}`));
  await db.execute(
    sql.raw(`create temporary table ${name} as select * from (values ${values}) as t(n, ${columns.join(', ')})`),
  );
}

/** Runs one statement and says how long it took. */
async function step(db: Database, label: string, statement: string, log: (line: string) => void) {
  const started = performance.now();
  await db.execute(sql.raw(statement));
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Fills the database; it must be migrated and seeded (the demo content) and hold none of this yet. */
export async function fillTenYears(db: Database, scale: number, log: (line: string) => void = console.log) {
  const c = tenYearCounts(scale);
  const passwordHash = await hashPassword(tenYearAdmin.password);
  const day = (expression: string) =>
    `now() - ((${expression}) % 3650) * interval '1 day' - ((${expression}) % 86400) * interval '1 second'`;

  await templateTable(
    db,
    'gen_case_text',
    Array.from({ length: templateCount }, (_, index) => {
      const t = caseTemplate(index);
      return {
        crop: t.crop,
        county: t.county,
        town: t.town,
        description: t.description,
        reply: t.reply,
        crop_key: t.cropKey,
        name_key: t.nameKey,
        body_key: t.bodyKey,
        grams: t.grams,
      };
    }),
  );
  const itemRows = (category: (index: number) => string | null) =>
    Array.from({ length: templateCount }, (_, index) => {
      const t = itemTemplate(index, category(index));
      return {
        title: t.title,
        detail: t.detail,
        category: t.category ?? '',
        name_key: t.nameKey,
        body_key: t.bodyKey,
        grams: t.grams,
      };
    });
  await templateTable(
    db,
    'gen_ipm_text',
    itemRows((index) => `${crops[index % crops.length]}類`),
  );
  await templateTable(
    db,
    'gen_news_text',
    itemRows(() => null),
  );

  const members = `
    insert into members (account, name, email, member_class, password_hash, email_confirmed_at, last_login_at, created_at, updated_at)
    select 'member' || i, '會員' || i, 'member' || i || '@example.org', 'all', ${quote(passwordHash)}, ${day('i * 13')},
           case when i % 3 = 0 then null else ${day('i * 5')} end, ${day('i * 13')}, ${day('i * 13')}
    from generate_series(1, ${c.members}) as i`;
  const admin = `
    with admin as (
      insert into members (account, name, email, password_hash, email_confirmed_at)
      values (${quote(tenYearAdmin.account)}, '十年管理員', 'tenyearadmin@example.org', ${quote(passwordHash)}, now())
      returning id)
    insert into member_roles (member_id, role) select id, 'admin' from admin`;
  // Four shared tiny files, copied from a demo photo, for every case photo and discussion photo.
  const files = `
    insert into stored_files (sha256, storage_key, size, source_type, content_type, file_name, width, height, purpose, uploader_hash, status, attached_at)
    select f.sha256, f.storage_key, f.size, f.source_type, f.content_type, 'ten-year-' || g || '.jpg', f.width, f.height,
           'ten-year', 'ten-year', 'attached', now()
    from (select * from stored_files where content_type like 'image/%' order by created_at limit 1) as f, generate_series(1, 4) as g`;
  const cases = `
    insert into consultation_cases (status, member_id, asker_name, asker_email, asker_phone, county_id, county_name, township_name,
      crop_name, description, reply_html, reply_text, replied_at, published_at, publish_consent, created_at, submitted_at, updated_at)
    select case when i % 20 = 0 then 'submitted' else 'answered' end,
           case when i % 2 = 0 then (i * 7) % ${c.members} + 1 end,
           '農友' || i, 'farmer' || i || '@example.org', '09' || lpad((i % 100000000)::text, 8, '0'), 'C' || (i % 10),
           t.county, t.town, t.crop, t.description,
           case when i % 20 <> 0 then t.reply end, case when i % 20 <> 0 then t.description end,
           case when i % 20 <> 0 then ${day('i * 17')} + interval '2 days' end,
           case when i % 3 = 0 and i % 20 <> 0 then ${day('i * 17')} + interval '3 days' end,
           case when i % 3 = 0 then 'asker' else 'none' end,
           ${day('i * 17')}, ${day('i * 17')}, ${day('i * 17')}
    from generate_series(1, ${c.cases}) as i join gen_case_text as t on t.n = i % ${templateCount}`;
  const caseSearch = `
    insert into consultation_case_search (case_id, crop_key, name_key, body_key, grams, source_updated_at)
    select k.id, t.crop_key, t.name_key, t.body_key, t.grams, k.updated_at
    from consultation_cases as k join gen_case_text as t on t.description = k.description
    where k.status <> 'receiving' and k.asker_name like '農友%'`;
  const photos = `
    insert into consultation_case_photos (case_id, photo_group, stored_file_id, created_at)
    select k.id, (array['pic1','pic2','pic3','pic3'])[f.n], f.id, k.created_at
    from consultation_cases as k
    cross join (select id, row_number() over (order by id) as n from stored_files where purpose = 'ten-year') as f
    where k.asker_name like '農友%' and f.n <= ${c.photosPerCase}`;
  const identities = `
    insert into discussion_identities (line_user_id, display_name, created_at, last_seen_at)
    select 'U-ten-year-' || i, '農友' || i, ${day('i * 11')}, now() from generate_series(1, ${c.identities}) as i`;
  const questions = `
    insert into discussion_questions (identity_id, dclass, crop_type, describe, note, created_at, hidden_at)
    select d.id, case when i % 2 = 0 then '病害' else '蟲害' end, '蔬菜', t.description, '第 ' || i || ' 則提問',
           ${day('i * 19')}, case when i % 50 = 0 then now() end
    from generate_series(1, ${c.questions}) as i
    join gen_case_text as t on t.n = i % ${templateCount}
    join (select id, row_number() over (order by id) as r from discussion_identities where line_user_id like 'U-ten-year-%') as d
      on d.r = i % ${c.identities} + 1`;
  const comments = `
    insert into discussion_comments (question_id, identity_id, content, username, created_at)
    select q.id, q.identity_id, '建議先拍攝葉背照片，並清除病葉。第 ' || g || ' 則回覆', '農友', q.created_at + g * interval '1 hour'
    from discussion_questions as q cross join generate_series(1, ${c.commentsPerQuestion}) as g
    where q.note like '第 % 則提問'`;
  const orders = `
    insert into orders (order_number, members_id, name, email, telephone, company_name, address, message, product_info, status, created_at, updated_at)
    select 'TY' || lpad(i::text, 8, '0'), (i * 31) % ${c.members} + 1, '訂購人' || i, 'buyer' || i || '@example.org',
           '04' || lpad(i::text, 8, '0'), '農場' || (i % 500), '臺中市霧峰區', '',
           '[{"name":"合成產品","quantity":1}]'::jsonb,
           (array['new','confirmed','paid','shipped','done','cancelled'])[i % 6 + 1], ${day('i * 23')}, ${day('i * 23')}
    from generate_series(1, ${c.orders}) as i`;
  const news = `
    insert into news (status, post_at, class, title, summary, content, created_at)
    select 1, ${day('i * 29')}, (array['fruit','grain','flower','vegetable','mushroom'])[i % 5 + 1], t.title || ' 消息 ' || i,
           t.detail, t.detail, ${day('i * 29')}
    from generate_series(1, ${c.news}) as i join gen_news_text as t on t.n = i % ${templateCount}`;
  const ipm = `
    insert into ipm_sheets (category, title, detail, pdf_key, pdf_name, pdf_size, sort, status, created_at, updated_at)
    select t.category, t.title || ' 第 ' || i || ' 版', t.detail, 'ten-year.pdf', 'ten-year.pdf', 1024, i, 1, ${day('i * 37')}, ${day('i * 37')}
    from generate_series(1, ${c.ipmSheets}) as i join gen_ipm_text as t on t.n = i % ${templateCount}`;
  const itemSearch = (kind: string, table: string, template: string) => `
    insert into reading_room_search (kind, item_id, name_key, body_key, grams, source_updated_at)
    select '${kind}', x.id, t.name_key, t.body_key, t.grams, x.updated_at
    from ${table} as x join ${template} as t on x.title like t.title || ' %'
    on conflict do nothing`;
  const pesticides = `
    with import as (
      insert into pesticide_imports (source, file_name, accepted, rejected, inserted, removed, imported_at, status, created_by)
      values ('ten-year', 'ten-year.csv', ${c.pesticideUses}, 0, ${c.pesticideUses}, 0, now(), 'applied', 'ten-year') returning id)
    insert into pesticide_uses (row_key, import_id, source_row, plant, bugname, cname, amount, use_t, safe, method, registrant, moa)
    select 'ten-year-' || i, import.id, i, (array[${plants.map(quote).join(',')}])[i % ${plants.length} + 1],
           case when i % 10 = 0 then (array[${causes.map(quote).join(',')}])[(i / 10) % ${causes.length} + 1]
                else '合成病蟲' || (i % 2000) end,
           '合成藥劑' || (i % 2000),
           '1000 倍', '發生初期', '6 天', '稀釋噴施', '登記廠商' || (i % 300), (array['1','3','4A','11','28'])[i % 5 + 1]
    from generate_series(1, ${c.pesticideUses}) as i, import`;
  const audit = `
    insert into audit_log (at, actor_id, actor_label, action, entity, entity_id, before, after)
    select ${day('i')}, null, '職員' || (i % 40), (array['create','update','delete','reply','publish'])[i % 5 + 1],
           (array['record','news','order','consultation-case','member','ipm-sheet'])[i % 6 + 1], (i % 50000)::text,
           case when i % 5 = 1 then jsonb_build_object('title', '舊標題 ' || i) end, jsonb_build_object('title', '新標題 ' || i)
    from generate_series(1, ${c.audit}) as i`;
  const outbox = `
    insert into mail_outbox ("to", subject, text, message_id, state, created_at, sent_at, attempts)
    select 'member' || (i % 100000) || '@example.org', '植物保護資訊系統通知 ' || i, '您好，這是第 ' || i || ' 封通知。',
           '<ten-year-' || i || '@example.org>', 'sent',
           ${day('i * 3')}, ${day('i * 3')}, 1
    from generate_series(1, ${c.outbox}) as i`;

  const statements: Array<[string, string]> = [
    ['members', members],
    ['admin', admin],
    ['files', files],
    ['cases', cases],
    ['case search rows', caseSearch],
    ['case photos', photos],
    ['discussion identities', identities],
    ['discussion questions', questions],
    ['discussion comments', comments],
    ['orders', orders],
    ['news', news],
    ['IPM sheets', ipm],
    ['IPM search rows', itemSearch('ipm', 'ipm_sheets', 'gen_ipm_text')],
    ['pesticide uses', pesticides],
    ['audit log', audit],
    ['mail outbox', outbox],
  ];
  for (const [label, statement] of statements) await step(db, label, statement, log);
  // The admin lists' search rows (decision 0441) hold text unique to each row, so no template serves:
  // written by the services' own functions, as each save and the start hook write them.
  const searchRows: Array<[string, (db: Database) => Promise<number>]> = [
    ['member search rows', (tx) => refreshMemberSearch(tx, 'missing')],
    ['order search rows', (tx) => refreshOrderSearch(tx, 'missing')],
    ['question search rows', (tx) => refreshQuestionSearch(tx, 'missing')],
    ['comment search rows', (tx) => refreshCommentSearch(tx, 'missing')],
  ];
  for (const [label, fill] of searchRows) {
    const started = performance.now();
    const written = await fill(db);
    log(`  ${label}: ${written} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // A vacuum as well: the embedded database runs no autovacuum, and without the visibility map an
  // index-only read visits the table's pages (decision 0433).
  await step(db, 'vacuum and analyse', 'vacuum analyze', log);
}
