import {
  catalogueCollections,
  catalogueItemResponse,
  catalogueListResponse,
  type CatalogueCollectionKey,
} from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { products, productDetails, articles } from './schema';

/**
 * The product API's catalogue calls: the shape of every list and row, the
 * visibility rule (Active only, or any truthy status for the news-like lists), the sort orders,
 * the JSON fields' checks and fallbacks, and who may write.
 */
describe('catalogue product API', () => {
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const as = (person: TestPerson | 'anonymous') =>
    person === 'anonymous'
      ? { 'sec-fetch-site': 'same-origin' }
      : { ...people[person].headers, 'sec-fetch-site': 'same-origin' };

  beforeAll(async () => {
    test = await buildTestApp();
    people = await signInPeople(test.app);
  }, 120_000);
  afterAll(() => test?.close());

  it('answers every collection list and row in its contract, for everyone', async () => {
    for (const key of Object.keys(catalogueCollections) as CatalogueCollectionKey[]) {
      const { path } = catalogueCollections[key];
      const list = await test.app.inject({ url: `/api/v1/${path}` });
      expect(list.statusCode, path).toBe(200);
      const rows = catalogueListResponse(key).parse(list.json()).data;
      expect(rows.length, `${path} has demo rows`).toBeGreaterThan(0);
      const one = await test.app.inject({ url: `/api/v1/${path}/${rows[0]!.id}` });
      expect(catalogueItemResponse(key).parse(one.json()).data.id).toBe(rows[0]!.id);
      // The guest path replays the same call with the fixed credentials.
      const guest = await test.app.inject({
        url: `/api/v1/guest/${path}`,
        headers: { authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}` },
      });
      expect(guest.json()).toEqual(list.json());
    }
  });

  it('shows only Active products, newest first; a hidden product is not found', async () => {
    const [hidden] = await test.app.db
      .insert(products)
      .values({ title: '未上架的誘引劑', status: 2, created_at: new Date(Date.now() + 60_000) })
      .returning();
    const [newest] = await test.app.db
      .insert(products)
      .values({ title: '最新的手冊', status: 1, created_at: new Date(Date.now() + 120_000) })
      .returning();
    const rows = catalogueListResponse('products').parse(
      (await test.app.inject({ url: '/api/v1/products' })).json(),
    ).data;
    expect(rows[0]!.id).toBe(newest!.id);
    expect(rows.map((row) => row.id)).not.toContain(hidden!.id);
    expect(rows.every((row) => row.status === 1)).toBe(true);
    const times = rows.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await test.app.inject({ url: `/api/v1/products/${hidden!.id}` })).statusCode).toBe(404);
    // The staff preview shows it, with a staff bearer token only.
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'editor01', password: 'Green-Field-2026' },
      remoteAddress: '198.51.100.90',
    });
    const bearer = { authorization: `Bearer ${login.json().data.token}` };
    const preview = await test.app.inject({ url: `/api/v1/products-preview/${hidden!.id}`, headers: bearer });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.title).toBe('未上架的誘引劑');
    expect(
      (await test.app.inject({ url: `/api/v1/products-preview/${hidden!.id}`, headers: as('editor') })).statusCode,
    ).toBe(403);
    expect(
      (await test.app.inject({ url: `/api/v1/products-preview/${hidden!.id}`, headers: as('memberA') })).statusCode,
    ).toBe(403);
    expect((await test.app.inject({ url: `/api/v1/products-preview/${hidden!.id}` })).statusCode).toBe(401);
    const memberLogin = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'membera01', password: 'Green-Field-2026' },
      remoteAddress: '198.51.100.91',
    });
    const memberPreview = await test.app.inject({
      url: `/api/v1/products-preview/${hidden!.id}`,
      headers: { authorization: `Bearer ${memberLogin.json().data.token}` },
    });
    expect(memberPreview.statusCode).toBe(403);
  });

  it('shows articles of any truthy status (1 and 2) but not 0, by index_id', async () => {
    const [two] = await test.app.db
      .insert(articles)
      .values({ title: '狀態二的文章', status: 2, index_id: 0 })
      .returning();
    const [zero] = await test.app.db
      .insert(articles)
      .values({ title: '停用的文章', status: 0, index_id: 0 })
      .returning();
    const rows = catalogueListResponse('articles').parse(
      (await test.app.inject({ url: '/api/v1/articles' })).json(),
    ).data;
    expect(rows.map((row) => row.id)).toContain(two!.id);
    expect(rows.map((row) => row.id)).not.toContain(zero!.id);
    const order = (rows as Array<{ index_id: number }>).map((row) => row.index_id);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('sorts details by sort ascending, question and performance details by sort descending, relations by id descending', async () => {
    const sortsOf = async (path: string) =>
      ((await test.app.inject({ url: `/api/v1/${path}` })).json().data as Array<{ sort: number }>).map(
        (row) => row.sort,
      );
    await test.app.db.insert(productDetails).values([
      { title: '後', sort: 9 },
      { title: '前', sort: 0 },
    ]);
    const details = await sortsOf('product-details');
    expect(details).toEqual([...details].sort((a, b) => a - b));
    const questions = await sortsOf('question-details');
    expect(questions.length).toBeGreaterThan(1);
    expect(questions).toEqual([...questions].sort((a, b) => b - a));
    const relations = (
      (await test.app.inject({ url: '/api/v1/product-relations' })).json().data as Array<{ id: number }>
    ).map((row) => row.id);
    expect(relations).toEqual([...relations].sort((a, b) => b - a));
  });

  it('answers the by-type, by-parent, by-name and in-activity calls', async () => {
    const types = (await test.app.inject({ url: '/api/v1/product-types' })).json().data as Array<{
      id: number;
      name: string;
    }>;
    const lures = types.find((type) => type.name === '性費洛蒙誘引劑')!;
    const relations = (await test.app.inject({ url: `/api/v1/product-relations-by-product-type/${lures.id}` })).json()
      .data as Array<{ product_type_id: number }>;
    expect(relations.length).toBe(2);
    expect(relations.every((row) => row.product_type_id === lures.id)).toBe(true);
    const details = (await test.app.inject({ url: `/api/v1/product-details-by-type/${lures.id}` })).json().data;
    expect(details.map((row: { title: string }) => row.title)).toEqual(['誘引劑使用須知']);
    const courseTypes = (await test.app.inject({ url: '/api/v1/course-types' })).json().data as Array<{ id: number }>;
    const courses = (await test.app.inject({ url: `/api/v1/courses-by-parent/${courseTypes[0]!.id}` })).json().data;
    expect(courses.length).toBe(1);
    const pack = await test.app.inject({ url: '/api/v1/product-package-by-name/field-monitoring' });
    expect(pack.json().data.title).toBe('田間監測入門組（示範）');
    expect((await test.app.inject({ url: '/api/v1/product-package-by-name/none' })).statusCode).toBe(404);
    const active = (await test.app.inject({ url: '/api/v1/product-bundles-in-activity' })).json().data;
    expect(active.map((row: { title: string }) => row.title)).toContain('春耕天敵推廣活動（示範）');
    expect((await test.app.inject({ url: '/api/v1/products-by-user/999' })).json().data).toEqual([]);
    expect((await test.app.inject({ url: '/api/v1/product-types-by-parent/abc' })).statusCode).toBe(400);
  });

  it('falls back on a bad stored JSON field: empty lists, the banner as the only picture', async () => {
    const [broken] = await test.app.db
      .insert(products)
      .values({
        title: '壞掉的 JSON',
        banner: 'catalogue-lure.webp',
        pics: '{not json',
        description_titles: '"a string"',
        product_type_ids: '[1, "x"]',
      })
      .returning();
    const response = await test.app.inject({ url: `/api/v1/products/${broken!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      pics: ['catalogue-lure.webp'],
      description_titles: [],
      product_type_ids: [],
    });
  });

  it("lets editors write the spec's collections (audited, JSON checked); members and visitors may not", async () => {
    const course = { title: '新課程', course_type_id: null, starts_at: '2027-05-01T09:00:00+08:00', status: 1 };
    for (const person of ['anonymous', 'memberA', 'expert'] as const) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        payload: course,
        headers: as(person),
      });
      expect(response.statusCode, person).toBe(person === 'anonymous' ? 401 : 403);
    }
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      payload: course,
      headers: as('editor'),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.starts_at).toBe('2027-05-01T01:00:00.000Z');
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/courses/${id}`,
      payload: { ...course, title: '改名的課程', status: 2 },
      headers: as('admin'),
    });
    expect(changed.json().data.title).toBe('改名的課程');
    expect((await test.app.inject({ url: `/api/v1/courses/${id}` })).statusCode).toBe(404);
    const audit = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'catalogue-courses'), eq(auditLog.entityId, String(id))));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['catalogue-courses.create', 'catalogue-courses.update']);
    expect(
      (await test.app.inject({ method: 'DELETE', url: `/api/v1/courses/${id}`, headers: as('editor') })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ method: 'DELETE', url: `/api/v1/courses/${id}`, headers: as('editor') })).statusCode,
    ).toBe(404);

    const bundle = await test.app.inject({
      method: 'POST',
      url: '/api/v1/product-bundles',
      payload: { title: '壞活動', product_ids: '[1,' },
      headers: as('editor'),
    });
    expect(bundle.statusCode).toBe(400);
    expect(bundle.json().error.message).toContain('product_ids不是有效的 JSON');
    const asText = await test.app.inject({
      method: 'POST',
      url: '/api/v1/product-bundles',
      payload: { title: '好活動', product_ids: '[1, 2]' },
      headers: as('editor'),
    });
    expect(asText.statusCode).toBe(201);
    expect(asText.json().data.product_ids).toEqual([1, 2]);
    // Writes the spec does not list are not offered.
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/v1/products', payload: {}, headers: as('editor') }))
        .statusCode,
    ).toBe(404);
  });

  it('reorders product details by index ids, for editors, all or nothing', async () => {
    const details = (await test.app.inject({ url: '/api/v1/product-details' })).json().data as Array<{ id: number }>;
    const ids = details.slice(0, 2).map((row) => row.id);
    const body = { ids, index_ids: [20, 10] };
    expect(
      (
        await test.app.inject({
          method: 'PUT',
          url: '/api/v1/product-details-by-index-ids',
          payload: body,
          headers: as('memberA'),
        })
      ).statusCode,
    ).toBe(403);
    const done = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/product-details-by-index-ids',
      payload: body,
      headers: as('editor'),
    });
    expect(done.statusCode).toBe(200);
    const byId = new Map(
      (done.json().data as Array<{ id: number; index_id: number }>).map((row) => [row.id, row.index_id]),
    );
    expect([byId.get(ids[0]!), byId.get(ids[1]!)]).toEqual([20, 10]);
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/product-details-by-index-ids',
      payload: { ids: [ids[0], 999999], index_ids: [1, 2] },
      headers: as('editor'),
    });
    expect(bad.statusCode).toBe(404);
    const mismatched = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/product-details-by-index-ids',
      payload: { ids, index_ids: [1] },
      headers: as('editor'),
    });
    expect(mismatched.statusCode).toBe(400);
  });
});
