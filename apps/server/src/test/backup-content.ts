import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { orders } from '../catalogue/schema';
import { insertSubmittedCase } from '../consultation/test/insert-case';
import { askAs, demoIdentity } from '../discussion/test/ask-as-demo';
import { records } from '../records/schema';

/** An order row as the inquiry form leaves it (its product list is jsonb, which a move must carry). */
export function orderRow(memberId: number, number: string) {
  return {
    order_number: number,
    members_id: memberId,
    name: '王小明',
    email: 'buyer@example.org',
    telephone: '0912345678',
    company_name: '',
    message: '請報價',
    product_info: [{ product_id: 1, product_name: '黏蟲紙', qty: 2 }],
  };
}

/**
 * Content of several kinds for the backup tests and the release fixture: a member, a record
 * created and then edited (a text array), a consultation case with a photo (stored files), an
 * order (jsonb) and a discussion question with its photo. Returns the member's id.
 */
export async function makeBackupContent(app: FastifyInstance): Promise<number> {
  const { member } = await app.services.accounts.register(
    {
      account: 'backup01',
      name: '備份測試',
      email: 'backup01@example.org',
      memberClass: 'all',
      password: 'Green-Field-2026',
    },
    { signIn: false },
  );
  const [record] = await app.db
    .insert(records)
    .values({ type: 'pest', cName: '斜紋夜蛾' })
    .returning({ id: records.id });
  await app.db.execute(
    sql`UPDATE records SET aliases = '{夜盜蟲,行軍蟲}', c_name = '斜紋夜蛾（修訂）' WHERE id = ${record!.id}`,
  );
  await insertSubmittedCase(app, { photos: 1, memberId: member.id });
  await app.db.insert(orders).values(orderRow(member.id, 'B-0001'));
  await askAs(app, { cookie: await demoIdentity(app, '備份農友') }, '葉子有斑點');
  return member.id;
}
