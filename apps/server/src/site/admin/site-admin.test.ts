import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../../features';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { multipartBody, type FormPart } from '../../platform/uploads/test/multipart';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../../test/web-build';

const photo = (background: string, width = 1600, height = 500) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'OfficeCam' } })
    .toBuffer();
const picture = (name: string, data: Buffer): FormPart => ({
  name,
  value: { fileName: 'banner.jpg', contentType: 'image/jpeg', data },
});
const settingsForm = (overrides: Record<string, string> = {}): FormPart[] =>
  Object.entries({
    website_title: '作物病蟲害資訊網',
    description: '查詢病蟲害、登記用藥與防治資訊',
    keywords: '病蟲害,農藥',
    g_tag: '',
    service_gmap: '',
    feedback_url: '',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

/** The site's settings and banner slides as admins and editors keep them in /admin. */
describe('the site in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const postForm = (person: TestPerson, url: string, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...people[person].headers, ...headers, 'sec-fetch-site': 'same-origin' },
    });
  };
  const settings = async () => (await test.app.inject({ url: '/api/v1/system-settings/1' })).json().data;

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir }, { web: true, features });
    people = await signInPeople(test.app);
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('lets admins alone change the settings, checks each field in Chinese, and every page shows the change at once', async () => {
    // A record page the anonymous page cache keeps, before the change.
    const before = await test.app.inject({ url: '/search/bug/detail?id=1' });
    expect(before.body).toContain('作物病蟲害資訊網');

    const editor = await postForm(
      'editor',
      '/admin/system-settings/1/edit',
      settingsForm({ website_title: '編輯改的' }),
    );
    expect(editor.statusCode).toBe(403);

    const invalid = await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({
        g_tag: '<script>',
        service_gmap: 'https://evil.example/map',
        feedback_url: 'javascript:alert(1)',
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('請輸入 Google 代碼');
    expect(invalid.body).toContain('請貼上 Google 地圖「嵌入地圖」的 https 網址');
    expect(invalid.body).toContain('請輸入本站路徑（例如 /contact）或 https:// 開頭的網址');

    const saved = await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({ website_title: '臺南區農業改良場病蟲害資訊網', feedback_url: '/contact' }),
    );
    expect(saved.statusCode).toBe(303);
    expect(await settings()).toMatchObject({ website_title: '臺南區農業改良場病蟲害資訊網', feedback_url: '/contact' });
    const [audit] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'system-settings.update'), eq(auditLog.actorId, people.admin.id)));
    expect(audit?.before).toMatchObject({ website_title: '作物病蟲害資訊網' });

    const after = await test.app.inject({ url: '/search/bug/detail?id=1' });
    expect(after.body).toContain('臺南區農業改良場病蟲害資訊網');
    // The header's feedback link follows the setting.
    expect(after.body).toMatch(/href="\/contact\?from=/);
  });

  it('names the institute, its privacy contact and the retention periods on /privacy, from the settings', async () => {
    const before = await test.app.inject({ url: '/privacy' });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<h1>隱私權政策</h1>');
    // Every period the page states is the deployment's own: the erasing jobs read the same settings.
    expect(before.body).toContain('回覆後 24 個月');
    expect(before.body).toContain('備份最長保存 30 天');
    expect(before.body).not.toContain('privacy@');

    const invalid = await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({ privacy_contact_email: 'not an address' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('請輸入正確的電子郵件，或留空');

    const saved = await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({
        institute_name: '農業部臺南區農業改良場',
        privacy_contact_email: 'privacy@tndais.example',
        privacy_contact_phone: '06-5912901',
        privacy_contact_address: '臺南市新化區牧場 70 號',
      }),
    );
    expect(saved.statusCode).toBe(303);
    const after = await test.app.inject({ url: '/privacy' });
    expect(after.body).toContain('農業部臺南區農業改良場');
    expect(after.body).toContain('href="mailto:privacy@tndais.example"');
    expect(after.body).toContain('href="tel:065912901"');
    expect(after.body).toContain('臺南市新化區牧場 70 號');
    // Every other page links to it in its last line; the home page in the spec's footer.
    expect((await test.app.inject({ url: '/search/bug' })).body).toMatch(
      /<footer class="site-legal">.*href="\/privacy"/s,
    );
    expect((await test.app.inject({ url: '/' })).body).toMatch(/<footer class="site-footer">.*href="\/privacy"/s);
  });

  it('makes a 64 × 64 favicon from an uploaded picture, and keeps it when no new one is sent', async () => {
    const response = await postForm('admin', '/admin/system-settings/1/edit', [
      ...settingsForm(),
      picture('favicon', await photo('#1f6f50', 300, 300)),
    ]);
    expect(response.statusCode).toBe(303);
    const { index_favicon: favicon } = await settings();
    expect(favicon).toMatch(/^site\/favicon-[0-9a-f]{16}\.png$/);
    const served = await test.app.inject({ url: `/files/public/${favicon}` });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    const home = await test.app.inject({ url: '/' });
    expect(home.body).toContain(`<link rel="icon" href="/files/public/${favicon}"/>`);

    await postForm('admin', '/admin/system-settings/1/edit', settingsForm({ description: '只改說明' }));
    expect(await settings()).toMatchObject({ index_favicon: favicon, description: '只改說明' });
    expect((await test.app.inject({ url: `/files/public/${favicon}` })).statusCode).toBe(200);

    // A new picture: the new favicon is served, and the one no settings name any more leaves /files/public/ (decision 0282).
    await postForm('admin', '/admin/system-settings/1/edit', [
      ...settingsForm(),
      picture('favicon', await photo('#6f1f50', 300, 300)),
    ]);
    const { index_favicon: replacement } = await settings();
    expect(replacement).not.toBe(favicon);
    expect((await test.app.inject({ url: `/files/public/${replacement}` })).statusCode).toBe(200);
    expect((await test.app.inject({ url: `/files/public/${favicon}` })).statusCode).toBe(404);
  });

  it('serves the web app manifest and its icons from the default logo, then from the logo and short name an admin sets', async () => {
    const manifestOf = (headers: Record<string, string> = {}) =>
      test.app.inject({ url: '/manifest.webmanifest', headers });
    const first = await manifestOf();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const manifest = first.json();
    expect(manifest).toMatchObject({
      name: '作物病蟲害資訊網',
      short_name: '作物病蟲害資訊網',
      lang: 'zh-Hant-TW',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: '#1f6f50',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    const corner = async (png: Buffer) => [
      ...(await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()),
    ];
    for (const icon of icons) {
      const served = await test.app.inject({ url: icon.src });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const size = Number(icon.sizes.split('x')[0]);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: size, height: size });
      // A launcher's mask cuts the maskable icon anywhere outside its middle: its ground is the theme colour.
      if (icon.purpose === 'maskable') expect(await corner(served.rawPayload)).toEqual([0x1f, 0x6f, 0x50, 255]);
    }
    expect((await manifestOf({ 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const home = await test.app.inject({ url: '/' });
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');

    const screen = await test.app.inject({ url: '/admin/system-settings/1/edit', headers: people.admin.headers });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('手機 App 標誌');
    expect(screen.body).toContain('手機桌面名稱');
    const tooLong = await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({ app_short_name: '一二三四五六七八九十一二三' }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('最多 12 個字');

    const saved = await postForm('admin', '/admin/system-settings/1/edit', [
      ...settingsForm({ app_short_name: '病蟲害' }),
      picture('app_logo', await photo('#6f1f50', 600, 600)),
    ]);
    expect(saved.statusCode).toBe(303);
    // The change reaches a browser revalidating its copy.
    const changed = await manifestOf({ 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    const logoIcons = changed.json().icons as { src: string }[];
    expect(changed.json().short_name).toBe('病蟲害');
    expect(logoIcons[0]!.src).not.toBe(icons[0]!.src);
    const logoIcon = await test.app.inject({ url: logoIcons[0]!.src });
    // The logo's colour (the upload is a JPEG, so within a step or two).
    const [red = 0, green = 0, blue = 0] = await corner(logoIcon.rawPayload);
    expect([red, green, blue].map((value, index) => Math.abs(value - [0x6f, 0x1f, 0x50][index]!) <= 4)).toEqual([
      true,
      true,
      true,
    ]);
    expect((await test.app.inject({ url: icons[0]!.src })).statusCode).toBe(404);
    expect((await test.app.inject({ url: logoIcons[0]!.src.replace('icon-192', 'icon-64') })).statusCode).toBe(404);

    // No new logo sent: it stays; no short name: the title's first 12 characters.
    await postForm(
      'admin',
      '/admin/system-settings/1/edit',
      settingsForm({ website_title: '臺南區農業改良場病蟲害資訊網' }),
    );
    const kept = (await manifestOf()).json();
    expect(kept.icons[0].src).toBe(logoIcons[0]!.src);
    expect(kept.short_name).toBe('臺南區農業改良場病蟲害資');
    await postForm('admin', '/admin/system-settings/1/edit', settingsForm());
  });

  it('creates, changes and deletes a banner slide with its picture; the section shows it in order', async () => {
    const missing = await postForm('editor', '/admin/carousels/new', [
      { name: 'position', value: 'download' },
      { name: 'title', value: '沒有圖片' },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('請選擇檔案');

    // Read first: the slides are kept in memory until a slide's write drops them (decision 0411).
    expect((await test.app.inject({ url: '/api/v1/carousels?position=5' })).statusCode).toBe(200);
    const created = await postForm('editor', '/admin/carousels/new', [
      { name: 'position', value: 'download' },
      { name: 'title', value: '表單下載' },
      { name: 'subtitle', value: '申請表與手冊' },
      { name: 'link', value: '/download' },
      { name: 'status', value: '1' },
      { name: 'index_id', value: '0' },
      picture('picture', await photo('#2a5a8a')),
    ]);
    expect(created.statusCode).toBe(303);
    const id = Number(/\/admin\/carousels\/(\d+)/.exec(created.headers.location ?? '')?.[1]);

    const slides = (await test.app.inject({ url: '/api/v1/carousels?position=5' })).json().data;
    const slide = slides.find((item: { id: number }) => item.id === id);
    expect(slide).toMatchObject({ title: '表單下載', link: '/download', pic_width: 1600, pic_height: 500 });
    const served = await test.app.inject({ url: `/files/public/${slide.pic}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const hidden = await postForm('editor', `/admin/carousels/${id}/edit`, [
      { name: 'position', value: 'download' },
      { name: 'title', value: '表單下載' },
      { name: 'status', value: '0' },
      { name: 'index_id', value: '0' },
    ]);
    expect(hidden.statusCode).toBe(303);
    const afterHide = (await test.app.inject({ url: '/api/v1/carousels?position=5' })).json().data;
    expect(afterHide.some((item: { id: number }) => item.id === id)).toBe(false);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/resources/carousels/${id}`,
      headers: people.editor.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await test.app.inject({
      url: `/api/v1/admin/resources/carousels/${id}`,
      headers: people.editor.headers,
    });
    expect(gone.statusCode).toBe(404);
    // Its picture, named by no other slide, leaves /files/public/ with it (decision 0282).
    expect((await test.app.inject({ url: `/files/public/${slide.pic}` })).statusCode).toBe(404);
  });

  it('refuses a slide link that could run script or leave for plain http', async () => {
    for (const link of ['javascript:alert(1)', 'http://example.org/', '//evil.example/']) {
      const response = await postForm('editor', '/admin/carousels/new', [
        { name: 'position', value: 'index' },
        { name: 'title', value: '壞連結' },
        { name: 'link', value: link },
        picture('picture', await photo('#8a2a2a', 800, 300)),
      ]);
      expect(response.statusCode, link).toBe(400);
      expect(response.body).toContain('請輸入本站路徑');
    }
  });
});
