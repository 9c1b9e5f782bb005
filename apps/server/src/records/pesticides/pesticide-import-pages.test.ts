import { readFile } from 'node:fs/promises';
import { pesticideImportMessages, pesticideImportDoneMessages, uploadMessages } from '@pest/contracts';
import { eq, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { multipartBody, type FormPart } from '../../platform/uploads/test/multipart';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../../test/web-build';
import { pesticideImports, pesticideUses } from '../schema';
import { pesticideSample } from '../seed/records-seed';

const changedFile = new URL('../test/pesticides_2022-08-01.csv', import.meta.url);
/** The public pesticide page of mango anthracnose: cached for visitors, changed by an import. */
const mangoAnthracnose = `/search/bug/detail2?name=${encodeURIComponent('炭疽病')}&plant=${encodeURIComponent('檬果')}`;

/**
 * The pesticide import's screens as a browser without JavaScript uses them (decision 0235): the
 * upload read through the upload pipeline, the preview, apply, the public page changing at once,
 * the rollback after its confirmation page.
 */
describe('the pesticide import screens', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  let changed: Buffer;
  const page = (person: TestPerson | null, url: string) =>
    test.app.inject({ url, headers: person ? people[person].headers : {} });
  const upload = (person: TestPerson, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({
      method: 'POST',
      url: '/admin/pesticide-imports/new',
      payload,
      headers: { ...people[person].headers, ...headers, 'sec-fetch-site': 'same-origin' },
    });
  };
  const csvPart = (data: Buffer, fileName = 'pesticides_2022-08-01.csv'): FormPart => ({
    name: 'file',
    value: { fileName, contentType: 'text/csv', data },
  });
  const post = (person: TestPerson, url: string, form: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: {
        ...people[person].headers,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
    });

  /** The import once its background preview is done (the job runs in the test app, decision 0350). */
  const previewed = async (id: number | string) => {
    for (let tries = 0; tries < 600; tries += 1) {
      const [row] = await test.app.db
        .select()
        .from(pesticideImports)
        .where(eq(pesticideImports.id, Number(id)));
      if (row && row.status !== 'reading') return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${id} is still being read`);
  };

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir }, { web: true });
    people = await signInPeople(test.app);
    changed = await readFile(changedFile);
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('keeps the screens to editors and admins: visitors sign in, members and experts are refused', async () => {
    for (const url of ['/admin/pesticide-imports', '/admin/pesticide-imports/new', '/admin/pesticide-imports/1']) {
      const anonymous = await page(null, url);
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe(`/login?redirect=${encodeURIComponent(url)}`);
      expect((await page('memberA', url)).statusCode).toBe(403);
      expect((await page('expert', url)).statusCode).toBe(403);
      const editor = await page('editor', url);
      expect(editor.statusCode).toBe(200);
      expect(editor.headers['cache-control']).toBe('private, no-store');
      expect((await page('admin', url)).statusCode).toBe(200);
    }
    // The form's file is never read for someone who may not import.
    const refused = await upload('expert', [csvPart(changed)]);
    expect(refused.statusCode).toBe(403);
    expect(await test.app.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'pesticide-csv'))).toEqual([]);
    expect((await post('memberA', '/admin/pesticide-imports/1', { intent: 'apply' })).statusCode).toBe(403);
    expect((await post('expert', '/admin/pesticide-imports/1/rollback')).statusCode).toBe(403);
  });

  it('shows the data on the site, with its sample notice, and the history', async () => {
    const history = await page('editor', '/admin/pesticide-imports');
    expect(history.body).toContain('<h1 class="page-title">農藥登記資料匯入</h1>');
    expect(history.body).toContain('2022/07/01');
    expect(history.body).toContain('801 筆');
    expect(history.body).toContain('示範用的部分樣本');
    expect(history.body).toContain(pesticideSample.fileName);
    expect(history.body).toContain('href="/admin/pesticide-imports/new"');
    // The generic resource navigation names it.
    expect((await page('editor', '/admin')).body).toContain('農藥登記資料匯入');
    const form = await page('editor', '/admin/pesticide-imports/new');
    expect(form.body).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(/<input[^>]*type="file"[^>]*>/.exec(form.body)?.[0]).toContain('accept=".csv"');
    expect(form.body).toContain('上傳並預覽');
  });

  it('says beside the field what is wrong with a file or a date, and keeps the site as it was', async () => {
    const wrongHeader = await upload('editor', [csvPart(Buffer.from('作物,病蟲\n番茄,夜蛾類\n'))]);
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.body).toContain('欄位標題不符');
    // Other bytes than the uploads below: the pipeline gives a re-sent file its first name back.
    const noDate = await upload('editor', [csvPart(Buffer.concat([changed, Buffer.from('\n')]), 'pesticides.csv')]);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body).toContain(pesticideImportMessages.dateRequired);
    const notCsv = await upload('editor', [
      { name: 'snapshotDate', value: '2022-08-01' },
      {
        name: 'file',
        value: {
          fileName: 'pesticides.csv',
          contentType: 'text/csv',
          data: Buffer.from([0xb5, 0x66, 0xad, 0x58, 0x0a]),
        },
      },
    ]);
    expect(notCsv.statusCode).toBe(400);
    // The upload pipeline refuses a CSV that is not UTF-8 text before the import reads it.
    expect(notCsv.body).toContain('CSV 檔必須是 UTF-8 編碼的文字檔');
    // An empty file is refused beside the field, and nothing is stored.
    const csvFiles = async () =>
      (await test.app.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'pesticide-csv'))).length;
    const csvFilesBefore = await csvFiles();
    const empty = await upload('editor', [{ name: 'snapshotDate', value: '2022-08-01' }, csvPart(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(uploadMessages.emptyFile);
    expect(await csvFiles()).toBe(csvFilesBefore);
    const future = await upload('editor', [csvPart(changed), { name: 'snapshotDate', value: '2999/01/01' }]);
    expect(future.body).toContain(pesticideImportMessages.dateInFuture);
    expect(await test.app.db.select().from(pesticideImports).where(eq(pesticideImports.status, 'pending'))).toEqual([]);
  });

  it('uploads, previews, applies once — the public page shows the new rows and date at once — and rolls back', async () => {
    // A visitor's view of the page, kept by the page cache.
    const before = await page(null, mangoAnthracnose);
    expect(before.body).toContain('甲基鋅乃浦');
    expect(before.body).toContain('資料日期 2022/07/01');

    const uploaded = await upload('editor', [csvPart(changed), { name: 'source', value: '農藥資訊服務網' }]);
    expect(uploaded.statusCode).toBe(303);
    const location = uploaded.headers.location ?? '';
    const id = Number(/^\/admin\/pesticide-imports\/(\d+)\?done=preview$/.exec(location)?.[1]);
    expect(id).toBeGreaterThan(0);
    // The same file sent again (a double click): the same preview.
    expect((await upload('editor', [csvPart(changed)])).headers.location).toBe(location);
    expect((await previewed(id)).status).toBe('pending');

    const preview = await page('editor', location);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(pesticideImportDoneMessages.preview);
    expect(preview.body).toContain('2022/08/01');
    expect(preview.body).toContain('套用這份資料');
    expect(preview.body).toMatch(/新增<\/span><span class="pesticide-import__count-value">1 筆/);
    const changes = await page('editor', `/admin/pesticide-imports/${id}?kind=changed`);
    expect(changes.body).toContain('安全採收期');
    expect(changes.body).toMatch(/<del>18<\/del>.*<ins>21<\/ins>/s);
    const rejected = await page('editor', `/admin/pesticide-imports/${id}?kind=rejected`);
    expect(rejected.body).toContain('缺少作物名稱');
    expect(rejected.body).toContain('核准日期「1111345.0」不是有效的日期');
    expect((await page('editor', `/admin/pesticide-imports/${id}?kind=nope`)).statusCode).toBe(400);
    // Nothing public changed yet.
    expect((await page(null, mangoAnthracnose)).body).toContain('甲基鋅乃浦');

    const applied = await post('editor', `/admin/pesticide-imports/${id}`, { intent: 'apply' });
    expect(applied.statusCode).toBe(303);
    expect(applied.headers.location).toBe(`/admin/pesticide-imports/${id}?done=apply`);
    // Sent twice: still one import applied, one audit entry.
    expect((await post('editor', `/admin/pesticide-imports/${id}`, { intent: 'apply' })).statusCode).toBe(303);
    // Vacuumed once applied: the uses' pages all-visible, so the lookup reads its index alone (decision 0433).
    const visibility = (await test.app.db.execute(
      sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'pesticide_uses'`,
    )) as unknown as { rows: Array<{ relpages: number; relallvisible: number }> };
    expect(visibility.rows[0]?.relpages).toBeGreaterThan(0);
    // PostgreSQL leaves a page a concurrent snapshot may still need: most, not all, on both databases.
    expect(visibility.rows[0]?.relallvisible).toBeGreaterThan((visibility.rows[0]?.relpages ?? 0) / 2);
    const applies = await test.app.db.select().from(auditLog).where(eq(auditLog.action, 'pesticide-import.apply'));
    // The seed's import is the other entry.
    expect(applies.filter((entry) => entry.actorId === people.editor.id)).toHaveLength(1);

    const after = await page(null, mangoAnthracnose);
    expect(after.body).toContain('測試新藥');
    expect(after.body).not.toContain('甲基鋅乃浦');
    expect(after.body).toContain('資料日期 2022/08/01');
    expect(after.body).not.toContain('部分資料');
    const done = await page('editor', `/admin/pesticide-imports/${id}?done=apply`);
    expect(done.body).toContain(pesticideImportDoneMessages.apply);
    expect(done.body).toContain(`href="/admin/pesticide-imports/${id}/rollback"`);
    // The original file as uploaded stays with the import: staff download exactly its bytes.
    const [kept] = await test.app.db.select().from(pesticideImports).where(eq(pesticideImports.id, id));
    const fileUrl = `/api/v1/admin/files/${kept!.fileId}`;
    expect(done.body).toContain(`href="${fileUrl}"`);
    expect(done.body).toContain('下載原始檔案「pesticides_2022-08-01.csv」');
    const original = await page('editor', fileUrl);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(changed)).toBe(true);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect((await page('memberA', fileUrl)).statusCode).toBe(403);
    expect((await page(null, fileUrl)).statusCode).toBe(401);

    const confirm = await page('editor', `/admin/pesticide-imports/${id}/rollback`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('確定還原');
    expect(confirm.body).toContain('資料日期 2022/07/01');
    const rolledBack = await post('editor', `/admin/pesticide-imports/${id}/rollback`);
    expect(rolledBack.statusCode).toBe(303);
    expect(rolledBack.headers.location).toBe('/admin/pesticide-imports?done=roll-back');
    const restored = await page(null, mangoAnthracnose);
    expect(restored.body).toContain('甲基鋅乃浦');
    expect(restored.body).toContain('資料日期 2022/07/01');
    // A rollback sent twice is done once.
    expect((await post('editor', `/admin/pesticide-imports/${id}/rollback`)).statusCode).toBe(303);
    expect(
      await test.app.db.select().from(auditLog).where(eq(auditLog.action, 'pesticide-import.roll-back')),
    ).toHaveLength(1);
  });

  it('refuses a stale preview on its page, and cancels a preview', async () => {
    const first = await upload('admin', [csvPart(changed), { name: 'snapshotDate', value: '2022/08/02' }]);
    const second = await upload('admin', [csvPart(changed), { name: 'snapshotDate', value: '2022/08/03' }]);
    const firstId = /pesticide-imports\/(\d+)/.exec(first.headers.location ?? '')?.[1];
    const secondId = /pesticide-imports\/(\d+)/.exec(second.headers.location ?? '')?.[1];
    await previewed(firstId!);
    await previewed(secondId!);
    expect((await post('admin', `/admin/pesticide-imports/${firstId}`, { intent: 'apply' })).statusCode).toBe(303);
    const stale = await post('admin', `/admin/pesticide-imports/${secondId}`, { intent: 'apply' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain(pesticideImportMessages.stale);
    const cancelled = await post('admin', `/admin/pesticide-imports/${secondId}`, { intent: 'cancel' });
    expect(cancelled.headers.location).toBe('/admin/pesticide-imports?done=cancel');
    expect((await page('admin', '/admin/pesticide-imports?done=cancel')).body).toContain(
      pesticideImportDoneMessages.cancel,
    );
    expect((await post('admin', `/admin/pesticide-imports/${firstId}/rollback`)).statusCode).toBe(303);
  });

  it('shows a preview being made with its progress and a way to look again, and a file that could not be read with why', async () => {
    // A preview as the job leaves it part-way, then as it leaves a bad file: the screen of each.
    const [made] = await test.app.db
      .insert(pesticideImports)
      .values({
        status: 'reading',
        mode: 'replace',
        source: '農藥資訊服務網',
        snapshotDate: '2022-08-01',
        fileName: 'pesticides_2022-08-01.csv',
        accepted: 0,
        rejected: 0,
        inserted: 0,
        removed: 0,
        rowsRead: 4000,
        bytesRead: 500_000,
        totalBytes: 1_000_000,
        createdBy: people.editor.account,
      })
      .returning();
    const url = `/admin/pesticide-imports/${made!.id}?done=preview`;
    const reading = await page('editor', url);
    expect(reading.statusCode).toBe(200);
    expect(reading.body).toContain('預覽中…：');
    expect(reading.body).toContain('已讀取 4,000 列（約 50%）');
    expect(reading.body).toMatch(/<progress[^>]*max="1000000"[^>]*value="500000"/);
    expect(reading.body).toContain(`href="/admin/pesticide-imports/${made!.id}"`);
    expect(reading.body).toContain('查看最新進度');
    expect(reading.body).not.toContain('套用這份資料');
    expect(reading.body).not.toContain(pesticideImportDoneMessages.preview);
    // No timed reload of the page (WCAG 2.2.1): with JavaScript the screen asks again by itself.
    expect(reading.body).not.toMatch(/http-equiv="refresh"/i);
    const refused = await post('editor', `/admin/pesticide-imports/${made!.id}`, { intent: 'apply' });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(pesticideImportMessages.notReady);

    await test.app.db
      .update(pesticideImports)
      .set({ status: 'failed', error: 'CSV 的引號沒有成對結束（第 9 行附近），檔案可能不完整' })
      .where(eq(pesticideImports.id, made!.id));
    const failed = await page('editor', url);
    expect(failed.body).toContain('無法預覽：');
    expect(failed.body).toMatch(/role="alert"[^>]*>CSV 的引號沒有成對結束（第 9 行附近），檔案可能不完整/);
    expect(failed.body).toContain('href="/admin/pesticide-imports/new"');
    expect(failed.body).not.toContain('查看最新進度');
    expect((await page('editor', '/admin/pesticide-imports')).body).toContain('無法預覽');
    await test.app.db.delete(pesticideImports).where(eq(pesticideImports.id, made!.id));
  });

  it('imports through the admin API too: upload, preview, apply once, roll back', async () => {
    const api = (person: TestPerson, method: 'GET' | 'POST', url: string, payload?: object) =>
      test.app.inject({ method, url, headers: people[person].headers, ...(payload ? { payload } : {}) });
    const csvFiles = async () =>
      (await test.app.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'pesticide-csv'))).length;
    const csvFilesBefore = await csvFiles();
    const emptyForm = multipartBody([csvPart(Buffer.alloc(0))]);
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/pesticide-imports/file',
      payload: emptyForm.payload,
      headers: { ...people.admin.headers, ...emptyForm.headers },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([{ path: 'file', message: uploadMessages.emptyFile }]);
    expect(await csvFiles()).toBe(csvFilesBefore);
    const { payload, headers } = multipartBody([csvPart(Buffer.concat([changed, Buffer.from('\n\n')]))]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/pesticide-imports/file',
      payload,
      headers: { ...people.admin.headers, ...headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const missingDate = await api('admin', 'POST', '/api/v1/admin/resources/pesticide-imports', {
      file: uploaded.json().data.id,
      snapshotDate: '2022-13-01',
    });
    expect(missingDate.statusCode).toBe(400);
    expect(missingDate.json().error.issues).toEqual([
      { path: 'snapshotDate', message: pesticideImportMessages.dateInvalid },
    ]);
    const created = await api('admin', 'POST', '/api/v1/admin/resources/pesticide-imports', {
      file: uploaded.json().data.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // Answered at once; the preview is made in the background, its progress on the row.
    expect(['reading', 'pending']).toContain(
      (await api('admin', 'GET', `/api/v1/admin/resources/pesticide-imports/${id}`)).json().data.status,
    );
    await previewed(id);
    const row = await api('admin', 'GET', `/api/v1/admin/resources/pesticide-imports/${id}`);
    expect(row.json().data).toMatchObject({ status: 'pending', snapshot_date: '2022-08-01', added: 1, changed: 2 });
    expect((await api('admin', 'POST', `/api/v1/admin/resources/pesticide-imports/${id}/apply`)).statusCode).toBe(200);
    expect((await api('admin', 'POST', `/api/v1/admin/resources/pesticide-imports/${id}/apply`)).statusCode).toBe(200);
    expect((await api('admin', 'GET', `/api/v1/admin/resources/pesticide-imports/${id}`)).json().data).toMatchObject({
      status: 'applied',
      current: true,
      can_roll_back: true,
    });
    expect((await api('admin', 'POST', `/api/v1/admin/resources/pesticide-imports/${id}/roll-back`)).statusCode).toBe(
      200,
    );
    expect((await test.app.services.records.getPesticideSource()).snapshotDate).toBe('2022-07-01');
  });

  it('links the open data from the home page and the pesticide page, and the open-data page names source and date', async () => {
    expect((await page(null, '/')).body).toContain('href="/open-data"');
    expect((await page(null, mangoAnthracnose)).body).toContain('href="/open-data"');
    const openData = await page(null, '/open-data');
    expect(openData.statusCode).toBe(200);
    expect(openData.body).toContain('<h1 class="page-title">開放資料</h1>');
    expect(openData.body).toContain('href="/api/v1/open-data/pesticide-uses.csv"');
    expect(openData.body).toContain('href="/api/v1/open-data/records.json"');
    expect(openData.body).toContain('2022/07/01');
    expect(openData.body).toContain('示範用的部分樣本');
  });

  it('shows a crop with many uses a page at a time, counts and groups over all of them (decision 0432)', async () => {
    const [current] = await test.app.db.select({ id: max(pesticideImports.id) }).from(pesticideImports);
    // 130 uses of one pest on one crop; the first two are one product told apart by formulation.
    const uses = Array.from({ length: 130 }, (_, index) => ({
      rowKey: `paging-${index}`,
      importId: current!.id!,
      sourceRow: 900_000 + index,
      plant: '番茄',
      bugname: '分頁測試病',
      cname: `分頁藥劑${String(index === 1 ? 1 : index + 1).padStart(3, '0')}`,
      typecode: index === 1 ? 'SC' : 'WP',
      moa: index % 2 === 0 ? 'IRAC - 1A' : 'FRAC - 3',
    }));
    await test.app.db.insert(pesticideUses).values(uses);
    try {
      // The page's text, without the markers React puts between adjacent text parts.
      const at = async (query: string) =>
        (await page(null, `/search/bug/detail2?name=${encodeURIComponent('分頁測試病')}${query}`)).body.replaceAll(
          '<!-- -->',
          '',
        );
      const headings = (body: string) => [...body.matchAll(/<h3 [^>]*>(分頁藥劑\d+)<\/h3>/g)].map((match) => match[1]);
      const first = await at('');
      expect(first).toContain('共 130 筆登記用藥，第 1–60 筆');
      expect(headings(first)).toEqual(uses.slice(0, 60).map((use) => use.cname));
      expect(first).toContain('aria-label="第 3 頁"');
      // What tells the product's two uses apart is on their rows (decision 0362).
      expect(first).toMatch(/data-testid="pesticide-entry-differences"[^]*?劑型[^]*?WP/);
      expect(first).toContain('<option value="FRAC 3">FRAC 3</option>');
      const last = await at(`&plant=${encodeURIComponent('番茄')}&page=3`);
      expect(last).toContain('第 121–130 筆');
      expect(headings(last)).toEqual(uses.slice(120).map((use) => use.cname));
      // A page past the last shows the last; the filter counts and pages what it keeps.
      expect(headings(await at('&page=99'))).toEqual(headings(last));
      const filtered = await at(`&plant=${encodeURIComponent('番茄')}&moa=${encodeURIComponent('IRAC 1A')}&page=2`);
      expect(filtered).toContain('作用機制 IRAC 1A：65 筆（共 130 筆登記用藥），第 61–65 筆');
      expect(headings(filtered)).toEqual(['分頁藥劑121', '分頁藥劑123', '分頁藥劑125', '分頁藥劑127', '分頁藥劑129']);
      // The page links keep the filter.
      expect(filtered).toMatch(/aria-label="第 1 頁" href="[^"]*moa=IRAC\+1A"/);
    } finally {
      await test.app.db.delete(pesticideUses).where(eq(pesticideUses.bugname, '分頁測試病'));
    }
  });
});
