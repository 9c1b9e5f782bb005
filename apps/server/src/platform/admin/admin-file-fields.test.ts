import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogDetails } from '../../downloads/schema';
import { features } from '../../features';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../../test/web-build';
import { storedFiles } from '../uploads/stored-files.schema';
import { multipartBody, type FormPart } from '../uploads/test/multipart';

const pdfOf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
const pdfPart = (name: string, data: Buffer, fileName = '申請表.pdf'): FormPart => ({
  name,
  value: { fileName, contentType: 'application/pdf', data },
});

/**
 * A staff form with a file field (decision 0145), as the download area's files use it: through the
 * admin screens (a browser's multipart post, without JavaScript) and through the admin API.
 */
describe('file fields in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const postForm = (person: TestPerson | null, url: string, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...(person ? people[person].headers : {}), ...headers, 'sec-fetch-site': 'same-origin' },
    });
  };
  const fileCount = async () => (await test.app.db.select({ id: storedFiles.id }).from(storedFiles)).length;

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir }, { web: true, features });
    people = await signInPeople(test.app);
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('offers a file input with the formats on the create screen, in a form that sends files', async () => {
    const response = await test.app.inject({ url: '/admin/catalog-details/new', headers: people.editor.headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    const input = /<input[^>]*type="file"[^>]*>/.exec(response.body)?.[0] ?? '';
    expect(input).toContain('name="upload"');
    expect(input).toContain('accept=".pdf,.doc,.docx,');
    expect(response.body).toContain('格式：PDF、DOC、DOCX');
  });

  it('creates a download with its bytes from the form, and visitors download exactly those bytes', async () => {
    const bytes = pdfOf('create');
    const response = await postForm('editor', '/admin/catalog-details/new', [
      { name: 'title', value: '病蟲害診斷申請表' },
      { name: 'file', value: '病蟲害診斷申請表.pdf' },
      { name: 'sort', value: '0' },
      { name: 'status', value: '1' },
      { name: 'catalog_type_ids', value: '1' },
      pdfPart('upload', bytes),
    ]);
    expect(response.statusCode).toBe(303);
    const id = Number(/\/admin\/catalog-details\/(\d+)\?done=created/.exec(response.headers.location ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    const [row] = await test.app.db.select().from(catalogDetails).where(eq(catalogDetails.id, id));
    expect(row).toMatchObject({ contentType: 'application/pdf', size: bytes.length });
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, row!.storedFileId!));
    expect(stored).toMatchObject({ status: 'attached', purpose: 'download-file', ownerMemberId: people.editor.id });

    const download = await test.app.inject({ url: `/files/catalog/${id}`, headers: people.memberA.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // The detail screen links the current file for staff.
    const detail = await test.app.inject({ url: `/admin/catalog-details/${id}`, headers: people.editor.headers });
    expect(detail.body).toContain(`/api/v1/admin/files/${row!.storedFileId}`);
  });

  it('replaces the bytes from the edit form and gives the old upload back to the cleanup; no file keeps them', async () => {
    const created = await postForm('editor', '/admin/catalog-details/new', [
      { name: 'title', value: '田間調查表' },
      { name: 'file', value: '田間調查表.pdf' },
      { name: 'catalog_type_ids', value: '1' },
      pdfPart('upload', pdfOf('first')),
    ]);
    const id = Number(/catalog-details\/(\d+)/.exec(created.headers.location ?? '')?.[1]);
    const [first] = await test.app.db.select().from(catalogDetails).where(eq(catalogDetails.id, id));

    // Left empty, the file stays.
    const kept = await postForm('editor', `/admin/catalog-details/${id}/edit`, [
      { name: 'title', value: '田間調查表（新版）' },
      { name: 'file', value: '田間調查表.pdf' },
      { name: 'catalog_type_ids', value: '1' },
      { name: 'upload', value: { fileName: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) } },
    ]);
    expect(kept.statusCode).toBe(303);
    const [afterKeep] = await test.app.db.select().from(catalogDetails).where(eq(catalogDetails.id, id));
    expect(afterKeep).toMatchObject({ title: '田間調查表（新版）', storedFileId: first!.storedFileId });

    const replacement = pdfOf('second');
    const replaced = await postForm('editor', `/admin/catalog-details/${id}/edit`, [
      { name: 'title', value: '田間調查表（新版）' },
      { name: 'file', value: '田間調查表.pdf' },
      { name: 'catalog_type_ids', value: '1' },
      pdfPart('upload', replacement),
    ]);
    expect(replaced.statusCode).toBe(303);
    const [after] = await test.app.db.select().from(catalogDetails).where(eq(catalogDetails.id, id));
    expect(after!.storedFileId).not.toBe(first!.storedFileId);
    const [old] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, first!.storedFileId!));
    expect(old).toMatchObject({ status: 'pending', attachedAt: null });
    const download = await test.app.inject({ url: `/files/catalog/${id}`, headers: people.memberA.headers });
    expect(download.rawPayload.equals(replacement)).toBe(true);
  });

  it('shows a refused file beside its field and keeps what was typed, storing nothing', async () => {
    const before = await fileCount();
    const response = await postForm('editor', '/admin/catalog-details/new', [
      { name: 'title', value: '不會存下的檔案' },
      { name: 'file', value: '表單.pdf' },
      { name: 'catalog_type_ids', value: '1' },
      pdfPart('upload', Buffer.from('<!doctype html><script>alert(1)</script>'), '表單.pdf'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/id="[^"]*upload[^"]*-error"[^>]*>選擇的檔案格式不符</);
    expect(response.body).toContain('value="不會存下的檔案"');
    expect(await fileCount()).toBe(before);
  });

  it('reads the file through the pipeline however the form address is spelt (decision 0298)', async () => {
    const before = await fileCount();
    for (const url of ['/admin/catalog-d%65tails/new', '/ADMIN/catalog-details/New', '/admin/catalog-details/new/']) {
      const response = await postForm('editor', url, [
        { name: 'title', value: '換個寫法' },
        { name: 'file', value: '表單.pdf' },
        { name: 'catalog_type_ids', value: '1' },
        pdfPart('upload', Buffer.from('<!doctype html><script>alert(1)</script>'), '表單.pdf'),
      ]);
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toMatch(/id="[^"]*upload[^"]*-error"[^>]*>選擇的檔案格式不符</);
    }
    expect(await fileCount()).toBe(before);
  });

  it('reads no file from anyone who may not edit: a visitor, a member, an expert', async () => {
    const before = await fileCount();
    for (const person of [null, 'memberA', 'expert'] as const) {
      const response = await postForm(person, '/admin/catalog-details/new', [
        { name: 'title', value: '闖入' },
        pdfPart('upload', pdfOf(`intruder ${person}`)),
      ]);
      if (person === null) expect(response.headers.location).toMatch(/^\/login\?redirect=/);
      else expect(response.statusCode, person).toBe(403);
      const api = await postForm(person, '/api/v1/admin/uploads/catalog-details/upload', [
        pdfPart('upload', pdfOf(`api intruder ${person}`)),
      ]);
      expect(api.statusCode, String(person)).toBe(person === null ? 401 : 403);
    }
    expect(await fileCount()).toBe(before);
  });

  it('takes a file through the admin API, then the row names it; staff alone open stored files', async () => {
    const bytes = pdfOf('api');
    const uploaded = await postForm('editor', '/api/v1/admin/uploads/catalog-details/upload', [
      pdfPart('upload', bytes, 'api.pdf'),
    ]);
    expect(uploaded.statusCode).toBe(201);
    const { data: file } = uploaded.json<{ data: { id: string; contentType: string; status: string } }>();
    expect(file).toMatchObject({ contentType: 'application/pdf', status: 'pending' });

    const unknownField = await postForm('editor', '/api/v1/admin/uploads/catalog-details/title', [
      pdfPart('title', bytes),
    ]);
    expect(unknownField.statusCode).toBe(404);

    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/resources/catalog-details',
      headers: { ...people.editor.headers, 'content-type': 'application/json' },
      payload: { title: 'API 檔案', file: 'api.pdf', catalog_type_ids: '1', upload: file.id },
    });
    expect(created.statusCode).toBe(201);
    // Another editor's upload is not theirs to attach.
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/resources/catalog-details',
      headers: { ...people.admin.headers, 'content-type': 'application/json' },
      payload: { title: '別人的檔案', file: 'x.pdf', catalog_type_ids: '1', upload: file.id },
    });
    expect(again.statusCode).toBe(400);

    for (const [person, status] of [
      [null, 401],
      ['memberA', 403],
      ['expert', 403],
      ['editor', 200],
    ] as const) {
      const response = await test.app.inject({
        url: `/api/v1/admin/files/${file.id}`,
        headers: person ? people[person].headers : {},
      });
      expect(response.statusCode, String(person)).toBe(status);
      if (status === 200) expect(response.rawPayload.equals(bytes)).toBe(true);
    }
  });
});
