import { cartListResponse, orderListResponse, orderResponse, storefrontMessages } from '@pest/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha } from '../accounts/test/account-test-client';
import { auditLog } from '../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readMime } from '../test/read-mime';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { orders } from './schema';

/**
 * The cart, the inquiry and the orders: a member's own only, the
 * same product raising the quantity, the inquiry from the cart with the robot check, the mails,
 * and the staff's state moves in /admin.
 */
describe('cart, inquiry and orders', () => {
  let test: TestApp;
  let smtp: SmtpPeer;
  let people: Record<TestPerson, SignedInPerson>;
  let productIds: number[];
  const as = (person: TestPerson | 'anonymous') =>
    person === 'anonymous'
      ? { 'sec-fetch-site': 'same-origin' }
      : { ...people[person].headers, 'sec-fetch-site': 'same-origin' };
  const cartOf = async (person: TestPerson) =>
    cartListResponse.parse(
      (
        await test.app.inject({ url: `/api/v1/shopping-carts-by-members-id/${people[person].id}`, headers: as(person) })
      ).json(),
    ).data;
  const add = (person: TestPerson, productId: number, qty: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      payload: { members_id: people[person].id, products_id: productId, qty },
      headers: as(person),
    });
  const inquiry = {
    name: '王小明',
    email: 'buyer@example.org',
    telephone: '04-2330-2101',
    company_name: '示範農場',
    message: '想詢問誘引劑的數量折扣。',
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    test = await buildTestApp({ SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', RATE_LIMIT_FORM_MAX: '1000' });
    people = await signInPeople(test.app);
    productIds = ((await test.app.inject({ url: '/api/v1/products' })).json().data as Array<{ id: number }>).map(
      (row) => row.id,
    );
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('raises the quantity when the same product is added again; a bad quantity becomes 1', async () => {
    await add('memberA', productIds[0]!, 1);
    await add('memberA', productIds[0]!, '1');
    await add('memberA', productIds[1]!, -3);
    await add('memberA', productIds[2]!, 'abc');
    const cart = await cartOf('memberA');
    expect(cart.map((line) => [line.products_id, line.qty])).toEqual([
      [productIds[0], 2],
      [productIds[1], 1],
      [productIds[2], 1],
    ]);
    expect(cart[0]!.product_detail.title).toBeTruthy();
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/shopping-carts/${cart[2]!.id}`,
      payload: { qty: 0 },
      headers: as('memberA'),
    });
    expect(changed.json().data.qty).toBe(1);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/shopping-carts/${cart[2]!.id}`,
      headers: as('memberA'),
    });
    expect(removed.statusCode).toBe(200);
    expect((await cartOf('memberA')).length).toBe(2);
    expect((await add('memberA', 999999, 1)).statusCode).toBe(404);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      payload: { products_id: productIds[0], qty: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('asks for the XSRF header on the product API however its address is spelt (decision 0298)', async () => {
    await add('memberA', productIds[3]!, 1);
    const line = (await cartOf('memberA')).find((row) => row.products_id === productIds[3])!;
    const cookieOnly = (person: TestPerson) => ({
      cookie: people[person].headers.cookie!,
      'sec-fetch-site': 'same-origin',
    });
    const spellings = (path: string) => [
      `/api/v1/${path}`,
      `/api/%761/${path}`,
      `/api/v%31/${path}`,
      `/%61pi/v1/${path}`,
      `/api/V1/${path}`,
      `/API/v1/${path}`,
      `/api/v1//${path}`,
      `//api/v1/${path}`,
      `/api/v1;x=1/${path}`,
      `/api/v1/${path};x=1`,
      `/api/v1/${path}/`,
      `/api/v1/${path.toUpperCase()}`,
    ];
    for (const url of spellings(`shopping-carts/${line.id}`)) {
      const response = await test.app.inject({
        method: 'PUT',
        url,
        payload: { qty: 4 },
        headers: cookieOnly('memberA'),
      });
      // `…/5;x=1` reaches the route with the id `5;x=1`, which validation refuses (400) before anyone is asked who they are.
      const refusals = url.endsWith(';x=1') ? [400] : [403, 404];
      expect(refusals, `PUT ${url}: ${response.statusCode}`).toContain(response.statusCode);
    }
    for (const url of [
      ...spellings(`admin/resources/members/${people.memberB.id}`),
      `/api/v1/admin/resources/%6dembers/${people.memberB.id}`,
    ]) {
      const response = await test.app.inject({
        method: 'PATCH',
        url,
        payload: { name: '改名' },
        headers: cookieOnly('admin'),
      });
      // The members resource's ids are text: `3;x=1` is looked up and not found.
      expect([403, 404], `PATCH ${url}: ${response.statusCode}`).toContain(response.statusCode);
    }
    expect((await cartOf('memberA')).find((row) => row.id === line.id)?.qty).toBe(1);
    // With the header the same call goes through.
    const withHeader = await test.app.inject({
      method: 'PUT',
      url: `/api/%761/shopping-carts/${line.id}`,
      payload: { qty: 4 },
      headers: as('memberA'),
    });
    expect(withHeader.statusCode).toBe(200);
    await test.app.inject({ method: 'DELETE', url: `/api/v1/shopping-carts/${line.id}`, headers: as('memberA') });
  });

  it("keeps member B out of member A's cart (403 by member id, 404 by line id) and visitors out (401)", async () => {
    const [line] = await cartOf('memberA');
    const url = `/api/v1/shopping-carts-by-members-id/${people.memberA.id}`;
    expect((await test.app.inject({ url, headers: as('memberB') })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'DELETE', url, headers: as('memberB') })).statusCode).toBe(403);
    expect((await test.app.inject({ url, headers: as('admin') })).statusCode).toBe(403);
    expect((await test.app.inject({ url })).statusCode).toBe(401);
    for (const [method, payload] of [
      ['PUT', { qty: 5 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await test.app.inject({
        method,
        url: `/api/v1/shopping-carts/${line!.id}`,
        headers: as('memberB'),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    const intoA = await test.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      payload: { members_id: people.memberA.id, products_id: productIds[3], qty: 1 },
      headers: as('memberB'),
    });
    expect(intoA.statusCode).toBe(403);
    expect((await cartOf('memberA')).map((item) => item.qty)).toEqual([2, 1]);
    // The session cookie without the XSRF header does not count for a change.
    const { 'x-xsrf-token': _xsrf, ...withoutXsrf } = as('memberA') as Record<string, string>;
    const forged = await test.app.inject({
      method: 'DELETE',
      url,
      headers: withoutXsrf,
    });
    expect(forged.statusCode).toBe(403);
    expect((await cartOf('memberA')).length).toBe(2);
  });

  it('sends the inquiry: robot check, the order from the cart, cart emptied, mails to the member and staff', async () => {
    const withoutCheck = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...inquiry, token: '' },
      headers: as('memberA'),
    });
    expect(withoutCheck.statusCode).toBe(400);
    expect(withoutCheck.json().error.message).toContain(storefrontMessages.robotCheck);
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...inquiry, company_name: '', token: await solveAltcha(test.app) },
      headers: as('memberA'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('請輸入公司或單位名稱');

    const token = await solveAltcha(test.app);
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      // product_info from the body is ignored: the order lists the cart as the server holds it.
      payload: { ...inquiry, token, product_info: [{ product_id: 1, product_name: '假的', qty: 99 }] },
      headers: as('memberA'),
    });
    expect(sent.statusCode).toBe(201);
    const order = orderResponse.parse(sent.json()).data;
    expect(order.status).toBe('new');
    expect(order.order_number).toMatch(/^Q\d{8}-\d{4,}$/);
    expect(order.product_info.map((item) => item.qty)).toEqual([2, 1]);
    expect(order.product_info[0]!.product_name).not.toBe('假的');
    expect(await cartOf('memberA')).toEqual([]);
    // The same solved check again is refused; an empty cart cannot be sent either.
    const replay = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...inquiry, token },
      headers: as('memberA'),
    });
    expect(replay.statusCode).toBe(400);
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...inquiry, token: await solveAltcha(test.app) },
      headers: as('memberA'),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(storefrontMessages.emptyCart);

    const toMember = readMime((await smtp.waitFor((mail) => mail.to.includes('buyer@example.org'))).raw);
    expect(toMember.subject).toContain(order.order_number);
    const staffMail = (to: string) =>
      smtp.waitFor(
        (mail) => mail.to.includes(to) && readMime(mail.raw).subject.includes(`新詢價單 ${order.order_number}`),
      );
    // Editors are told of the order without the buyer's details; admins get them (decision 0299).
    const toEditor = readMime((await staffMail('editor01@example.org')).raw);
    expect(toEditor.text).toContain('想詢問誘引劑的數量折扣');
    for (const personal of ['王小明', 'buyer@example.org', '04-2330-2101']) {
      expect(toEditor.subject + toEditor.text).not.toContain(personal);
    }
    expect(readMime((await staffMail('admin01@example.org')).raw).text).toContain('buyer@example.org');
  });

  it("lets a member read only their own orders; B cannot read or change A's", async () => {
    const [order] = await test.app.db.select().from(orders).where(eq(orders.members_id, people.memberA.id));
    const own = await test.app.inject({
      url: `/api/v1/orders-by-members-id/${people.memberA.id}`,
      headers: as('memberA'),
    });
    expect(orderListResponse.parse(own.json()).data.map((row) => row.id)).toEqual([order!.id]);
    const byNumber = await test.app.inject({
      url: `/api/v1/orders-by-members-id-and-order-number/member/${people.memberA.id}/number/${order!.order_number}`,
      headers: as('memberA'),
    });
    expect(byNumber.json().data.length).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const range = (start: string, end: string) =>
      test.app.inject({
        url: `/api/v1/orders-by-members-id/${people.memberA.id}/start/${start}/end/${end}`,
        headers: as('memberA'),
      });
    expect((await range(today, today)).json().data.length).toBe(1);
    expect((await range('2020-01-01', '2020-12-31')).json().data).toEqual([]);
    expect((await range(today, '2020-01-01')).statusCode).toBe(400);
    expect((await range('someday', today)).statusCode).toBe(400);

    for (const url of [
      `/api/v1/orders-by-members-id/${people.memberA.id}`,
      `/api/v1/orders-by-members-id-and-order-number/member/${people.memberA.id}/number/${order!.order_number}`,
      `/api/v1/orders-by-members-id/${people.memberA.id}/start/${today}/end/${today}`,
    ]) {
      const response = await test.app.inject({ url, headers: as('memberB') });
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('buyer@example.org');
      // Admins read anyone's orders; editors, who need no buyer's details, do not (decision 0299).
      expect((await test.app.inject({ url, headers: as('editor') })).statusCode, url).toBe(403);
      expect((await test.app.inject({ url, headers: as('admin') })).statusCode, url).toBe(200);
    }
    const phone = `/api/v1/orders-by-members-cellphone/${encodeURIComponent('0423302101')}`;
    expect((await test.app.inject({ url: phone, headers: as('memberA') })).statusCode).toBe(403);
    expect((await test.app.inject({ url: phone, headers: as('editor') })).statusCode).toBe(403);
    expect((await test.app.inject({ url: phone, headers: as('admin') })).json().data.length).toBe(1);
    expect(
      (await test.app.inject({ method: 'PUT', url: `/api/v1/orders/${order!.id}/cancel`, headers: as('memberB') }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'PUT',
          url: `/api/v1/orders/${order!.id}/last-number-of-transfer`,
          payload: { last_number_of_transfer: '12345' },
          headers: as('memberB'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await test.app.inject({ url: '/api/v1/admin/resources/orders', headers: as('memberA') })).statusCode).toBe(
      403,
    );
  });

  it("shows the buyer's details in /admin to admins alone, and audits each detail view (decision 0299)", async () => {
    const [order] = await test.app.db.select().from(orders).where(eq(orders.members_id, people.memberA.id));
    const personal = ['name', 'email', 'telephone', 'company_name', 'address', 'last_number_of_transfer'];
    const views = async () =>
      (
        await test.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'view-personal-data'), eq(auditLog.entity, 'orders')))
      ).filter((entry) => entry.entityId === String(order!.id));
    const before = (await views()).length;

    const list = await test.app.inject({ url: '/api/v1/admin/resources/orders', headers: as('editor') });
    expect(list.statusCode).toBe(200);
    const detail = await test.app.inject({ url: `/api/v1/admin/resources/orders/${order!.id}`, headers: as('editor') });
    const listed = (list.json().data.rows as Array<Record<string, unknown>>).find((row) => row.id === order!.id)!;
    for (const row of [listed, detail.json().data]) {
      expect(row.order_number).toBe(order!.order_number);
      for (const field of personal) expect(row[field], field).toBeNull();
    }
    for (const body of [list.body, detail.body]) {
      expect(body).not.toContain('buyer@example.org');
      expect(body).not.toContain('王小明');
      expect(body).not.toContain('04-2330-2101');
    }
    const summary = (await test.app.inject({ url: '/api/v1/admin/resources', headers: as('editor') })).json()
      .data as Array<{ name: string; hiddenFields?: string[]; hiddenFilters?: string[] }>;
    expect(summary.find((resource) => resource.name === 'orders')).toMatchObject({
      hiddenFields: personal,
      hiddenFilters: ['q'],
    });
    // A search through the buyer's details would tell what they hold: refused, for editors only.
    const search = await test.app.inject({ url: '/api/v1/admin/resources/orders?q=%E7%8E%8B', headers: as('editor') });
    expect(search.statusCode).toBe(400);
    expect(search.body).not.toContain(order!.order_number);
    expect((await views()).length).toBe(before);

    const asAdmin = await test.app.inject({ url: `/api/v1/admin/resources/orders/${order!.id}`, headers: as('admin') });
    expect(asAdmin.json().data).toMatchObject({ name: '王小明', email: 'buyer@example.org' });
    const adminSearch = await test.app.inject({
      url: '/api/v1/admin/resources/orders?q=%E7%8E%8B',
      headers: as('admin'),
    });
    expect(adminSearch.json().data.total).toBeGreaterThan(0);
    const written = await views();
    expect(written.length).toBe(before + 1);
    expect(written.at(-1)).toMatchObject({ actorId: people.admin.id, actorLabel: 'admin01' });
    expect(JSON.stringify(written.at(-1))).not.toContain('buyer@example.org');
  });

  it('moves an order through its states in /admin, audited and mailed; the member cancels only while new', async () => {
    const [order] = await test.app.db.select().from(orders).where(eq(orders.members_id, people.memberA.id));
    const act = (name: string, person: TestPerson = 'editor') =>
      test.app.inject({
        method: 'POST',
        url: `/api/v1/admin/resources/orders/${order!.id}/${name}`,
        payload: {},
        headers: as(person),
      });
    expect((await act('confirm', 'memberB')).statusCode).toBe(403);
    expect((await act('ship')).statusCode).toBe(409);
    expect((await act('confirm')).statusCode).toBe(200);
    const mail = readMime(
      (await smtp.waitFor((m) => m.to.includes('buyer@example.org') && readMime(m.raw).subject.includes('已確認'))).raw,
    );
    expect(mail.text).toContain('已確認');
    const cancel = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order!.id}/cancel`,
      headers: as('memberA'),
    });
    expect(cancel.statusCode).toBe(409);
    const digits = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order!.id}/last-number-of-transfer`,
      payload: { id: order!.id, members_id: people.memberA.id, last_number_of_transfer: '54321' },
      headers: as('memberA'),
    });
    expect(digits.json().data.last_number_of_transfer).toBe('54321');
    const badDigits = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order!.id}/last-number-of-transfer`,
      payload: { last_number_of_transfer: '12a' },
      headers: as('memberA'),
    });
    expect(badDigits.statusCode).toBe(400);
    for (const step of ['pay', 'ship', 'finish']) expect((await act(step)).statusCode, step).toBe(200);
    expect((await act('cancel')).statusCode).toBe(409);
    const audit = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order!.id))))
      .orderBy(desc(auditLog.id));
    expect(audit.map((entry) => entry.action)).toEqual(['order.finish', 'order.ship', 'order.pay', 'order.confirm']);
    const row = await test.app.inject({ url: `/api/v1/admin/resources/orders/${order!.id}`, headers: as('editor') });
    expect(row.json().data.status).toBe('done');

    // A new order the member cancels while it is new; twice changes nothing.
    await add('memberB', productIds[0]!, 1);
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...inquiry, email: 'memberb01@example.org', token: await solveAltcha(test.app) },
      headers: as('memberB'),
    });
    const id = sent.json().data.id as number;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await test.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${id}/cancel`,
        headers: as('memberB'),
      });
      expect(response.json().data.status).toBe('cancelled');
    }
  });

  it('finds orders in /admin through their search rows; not by an erased buyer’s name or telephone (decision 0441)', async () => {
    await add('memberB', productIds[0]!, 1);
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: {
        ...inquiry,
        name: '陳大文',
        telephone: '05-1234-5678',
        company_name: '臺灣ＡＢＣ農場',
        token: await solveAltcha(test.app),
      },
      headers: as('memberB'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id, order_number: orderNumber } = sent.json().data as { id: number; order_number: string };
    const found = async (q: string) =>
      (
        (
          await test.app.inject({
            url: `/api/v1/admin/resources/orders?q=${encodeURIComponent(q)}`,
            headers: as('admin'),
          })
        ).json().data.rows as Array<{ id: number }>
      ).map((row) => row.id);
    // The number as typed and lower-cased, the name, the telephone with its dashes, full-width stored
    // text by half-width input, Simplified input for Traditional text.
    for (const q of [orderNumber, orderNumber.toLowerCase(), '陳大文', '1234-5678', 'abc農', '台湾abc']) {
      expect(await found(q), q).toEqual([id]);
    }
    expect(await found('陳大文農')).toEqual([]);
    await test.app.personalData.eraseMember(people.memberB.id, { reason: 'member-request' });
    expect(await found('陳大文')).toEqual([]);
    expect(await found('5678')).toEqual([]);
    expect(await found(orderNumber)).toEqual([id]);
  });
});
