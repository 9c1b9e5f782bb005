import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const rss = (label: string) => console.log(label, Math.round(process.memoryUsage().rss / 1048576), 'MiB', 'ext', Math.round(process.memoryUsage().external/1048576));
rss('start');
const conf = process.argv[3] ? process.argv[3].split(',') : undefined;
const client = await PGlite.create(process.argv[2], { extensions: { pg_trgm }, ...(conf ? { postgresqlconf: conf } : {}), ...(process.argv[4] ? { initialMemory: Number(process.argv[4]) * 1048576 } : {}) });
rss('opened');
await client.query('select count(*) from records');
await client.query('select * from record_search');
await client.query('select * from records');

rss('queries');
const s = await client.query("select name, setting, unit from pg_settings where name in ('shared_buffers','work_mem')");
console.log(s.rows.map(r => Object.values(r).join(' ')).join('; '));
await client.close();
