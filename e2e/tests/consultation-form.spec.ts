import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, phoneJourney, test, visit, waitForHydration } from '../fixtures';
import { seededDataDir, testPort } from '../playwright.config';
import { smtpPort } from '../support/smtp-peer-ports';
import { mailsTo, shoot, type Mail } from '../support/test-helpers';

// The consultation form as a farmer meets it: at 360 and 1280 px (the two projects),
// every step checked with axe, photos through the real upload pipeline, the mail at the SMTP peer.

async function mailTo(address: string): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  return (await mailsTo(address))[0] as Mail;
}

/** A phone photo: the camera's name and GPS coordinates in its EXIF. */
function phonePhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FarmCam', Model: 'Field-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 58/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 30/1 0/1' },
    })
    .toBuffer();
}

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

function asker(testInfo: TestInfo, tag: string) {
  const id = `${tag}${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`.toLowerCase();
  return { name: '林小農', email: `${id}@example.org` };
}

/** Step 1, filled as a farmer does: the township list follows the county. */
async function fillBasics(page: Page, person: { name: string; email: string }) {
  await page.getByLabel('姓名').fill(person.name);
  await page.getByLabel('電子郵件').fill(person.email);
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await page.getByLabel('縣市').selectOption({ label: '雲林縣' });
  await expect(page.getByLabel('鄉鎮市區').locator('option', { hasText: '斗南鎮' })).toHaveCount(1);
  await page.getByLabel('鄉鎮市區').selectOption('斗南鎮');
  await page.getByRole('textbox', { name: '作物', exact: true }).fill('水稻');
  await page.getByLabel('狀況描述').fill('葉片出現褐色斑點，一週內擴散到半塊田。');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '步驟二：上傳照片' })).toBeFocused();
}

test(
  'a visitor sends a consultation with photos, sees the case number and gets the mail with a private link',
  { tag: phoneJourney },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const person = asker(testInfo, 'ask');
    await visit(page, '/consultation/form');
    await expect(page.getByRole('heading', { name: '步驟一：基本資料' })).toBeVisible();

    // Nothing filled: each field says what it needs, beside it, and the first one gets the focus.
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByLabel('姓名')).toBeFocused();
    await expect(page.getByText('請輸入姓名')).toBeVisible();
    await expect(page.getByText('請選擇縣市')).toBeVisible();
    await expect(page.getByText('請描述作物發生的狀況')).toBeVisible();
    await page.getByLabel('聯絡電話').fill('12345');
    await page.getByLabel('聯絡電話').blur();
    await expect(page.getByText('請輸入正確的電話號碼', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'form-step1-errors');

    // Before sending, the form says what happens to the case and asks about publication: unticked.
    const notice = page.getByRole('region', { name: '您的資料如何使用' });
    await expect(notice).toContainText('回覆後 24 個月');
    await expect(notice.getByRole('link', { name: '隱私權政策' })).toHaveAttribute('href', '/privacy');
    const consent = page.getByRole('checkbox', { name: /同意本案在專家回覆後以匿名方式公開/ });
    await expect(consent).toBeVisible();
    await expect(consent).not.toBeChecked();

    await fillBasics(page, person);
    await expectAccessible(page);

    // No far photo: the spec's message.
    await page.getByRole('button', { name: '完成' }).click();
    await expect(page.getByText('請至少上傳一張遠照').first()).toBeVisible();

    await page.getByLabel('遠照').setInputFiles([
      jpeg('far.jpg', await phonePhoto('#2e7d32')),
      // An HTML page named .jpg: the browser takes the name, the server reads the content.
      { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><html><body>hi</body></html>') },
    ]);
    await page.getByLabel('作物近照').setInputFiles([jpeg('leaf.jpg', await phonePhoto('#8d6e63'))]);
    // The floating ▲ never lies over 完成, even with 完成 where the ▲ floats (decision 0367).
    const finish = page.getByRole('button', { name: '完成' });
    await finish.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - innerHeight + 24));
    await expect(page.locator('.go-to-top')).toHaveAttribute('data-visible', 'true');
    await expect
      .poll(() =>
        finish.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.right - 6, box.bottom - 6));
        }),
      )
      .toBe(true);
    // The robot check is solved by the form when sending starts (decision 0397): 完成 is all it takes.
    await finish.click();
    await expect(page.locator('.consultation-form__step-alert')).toContainText('發生錯誤');
    // The refused photo's error is beside it, and the focus is there.
    const refused = page.locator('.consultation-form__photo-status--failed');
    await expect(refused).toContainText('選擇的檔案格式不符');
    await expect(refused).toBeFocused();
    await expectAccessible(page);
    await shoot(page, testInfo, 'form-step2-failed');
    // Everything typed and chosen is still there; the refused photo is removed and the form sent again.
    await page.getByRole('button', { name: '移除 fake.jpg' }).click();
    // 上一步 and back: the chosen photos are still there (kept with the draft).
    await page.getByRole('button', { name: '上一步' }).click();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByRole('button', { name: '移除 far.jpg' })).toBeVisible();
    await expect(page.getByRole('button', { name: '移除 leaf.jpg' })).toBeVisible();
    await page.getByRole('button', { name: '完成' }).click();

    await expect(page.getByRole('heading', { name: '步驟三：完成' })).toBeFocused({ timeout: 20_000 });
    const caseNumber = (await page.getByTestId('case-number').textContent())?.trim() ?? '';
    expect(caseNumber).toMatch(/^\d+$/);
    await expect(page.getByRole('link', { name: '繼續諮詢' })).toBeVisible();
    await expect(page.getByRole('link', { name: '回到列表' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'form-step3');

    const mail = await mailTo(person.email);
    expect(mail.subject).toContain(`案件編號 ${caseNumber}`);
    const link = /https?:\/\/\S+\/consultation\/case\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await visit(page, url.pathname + url.search);
    await expect(page.getByRole('heading', { name: `我的諮詢（案件編號 ${caseNumber}）` })).toBeVisible();
    await expect(page.getByText('雲林縣斗南鎮')).toBeVisible();
    await expect(page.getByText('專家尚未回覆', { exact: false })).toBeVisible();
    await shoot(page, testInfo, 'followed-case');

    // The stored far photo carries no EXIF: no GPS, no camera.
    const far = page.getByRole('img', { name: '遠照 第 1 張' });
    const source = await far.getAttribute('src');
    const full = await page.request.get(source!.replace('/mod/', '/full/'));
    expect(full.status()).toBe(200);
    const bytes = await full.body();
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('FarmCam'))).toBe(false);

    // The asker withdraws the case through the same link: a confirmation step, then a form post.
    await page.getByRole('link', { name: '撤回並刪除' }).click();
    await expect(page.getByText(`確定要撤回並刪除案件編號 ${caseNumber} 嗎？`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '確定撤回並刪除' }).click();
    await expect(page.getByRole('heading', { name: '已撤回諮詢' })).toBeVisible();
    await expect(page.getByText('已刪除這筆諮詢', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'followed-case-withdrawn');
    // The link leads nowhere now.
    const gone = await page.request.get(url.pathname + url.search);
    expect(gone.status()).toBe(404);
  },
);

/** A photo that travels in several chunks (noise does not compress): about 900 KB, sent as it is. */
function fieldPhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 60 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
}

test(
  'a consultation drafted offline with three photos is sent once when the network returns, after a reload and with the page closed, resuming mid-photo',
  { tag: phoneJourney },
  async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    const person = asker(testInfo, 'field');
    // No signal: the calls that send a case fail as they do in the field (the service worker's too).
    const sendingCalls = /\/api\/(info\/advNew|v1\/altcha-challenge|v1\/consultation\/photo-uploads)/;
    const cut = (route: Route) => route.abort('internetdisconnected');
    await context.route(sendingCalls, cut);
    await visit(page, '/consultation/form');
    await fillBasics(page, person);
    const names = ['field-1.jpg', 'field-2.jpg', 'field-3.jpg'];
    await page
      .getByLabel('遠照')
      .setInputFiles(await Promise.all(names.map(async (name, i) => jpeg(name, await fieldPhoto(i)))));
    await page.getByRole('button', { name: '完成' }).click();
    const status = page.getByTestId('send-status');
    await expect(status).toHaveText('已儲存在手機，連線後自動送出');
    await expectAccessible(page);
    await shoot(page, testInfo, 'form-offline-waiting');

    // A reload (or a closed tab): the draft is on the phone, its photos shown again, still waiting.
    await page.reload();
    await waitForHydration(page);
    await expect(status).toHaveText('已儲存在手機，連線後自動送出');
    for (const name of names) await expect(page.getByRole('button', { name: `移除 ${name}` })).toBeVisible();
    await expectAccessible(page);

    // The signal comes back for a moment: the case and some chunks go, then it drops mid-photo.
    const chunks: Array<{ upload: string; offset: number }> = [];
    let dropped: { upload: string; offset: number } | null = null;
    await context.unroute(sendingCalls, cut);
    await context.route('**/api/v1/consultation/photo-uploads/*', async (route) => {
      const chunk = {
        upload: new URL(route.request().url()).pathname.split('/').pop() ?? '',
        offset: Number(route.request().headers()['upload-offset']),
      };
      if (dropped) return route.abort('internetdisconnected');
      chunks.push(chunk);
      // Part of a photo accepted: the next chunk of that same photo is lost.
      if (chunk.offset > 0) {
        dropped = chunk;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => dropped !== null, { timeout: 30_000 }).toBe(true);
    await expect(status).toHaveText('已儲存在手機，連線後自動送出');

    // The farmer closes the page; the network is back for good. The service worker's Background
    // Sync (decision 0397) sends the draft with no page open, from where the photo stopped. The
    // browser would retry the sync only minutes after the try that failed above, so the test
    // fires it as the browser does, through the DevTools protocol.
    const origin = new URL(page.url()).origin;
    await page.close();
    const resumed: Array<{ upload: string; offset: number }> = [];
    await context.unroute('**/api/v1/consultation/photo-uploads/*');
    await context.route('**/api/v1/consultation/photo-uploads/*', async (route) => {
      resumed.push({
        upload: new URL(route.request().url()).pathname.split('/').pop() ?? '',
        offset: Number(route.request().headers()['upload-offset']),
      });
      await route.continue();
    });
    const helper = await context.newPage();
    const devtools = await context.newCDPSession(helper);
    const registrationId = new Promise<string>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((each) => !each.isDeleted && each.scopeURL.startsWith(origin));
        if (found) resolve(found.registrationId);
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: await registrationId,
      tag: 'consultation-draft-send',
      lastChance: false,
    });
    const mail = await mailTo(person.email);
    const cutOff = dropped as { upload: string; offset: number } | null;
    expect(resumed.find((chunk) => chunk.upload === cutOff?.upload)?.offset).toBe(cutOff?.offset);

    // Back on the form: the case number the worker got, once; exactly one case with the three photos.
    await visit(helper, '/consultation/form');
    await expect(helper.getByRole('heading', { name: '步驟三：完成' })).toBeVisible();
    const caseNumber = (await helper.getByTestId('case-number').textContent())?.trim() ?? '';
    await expectAccessible(helper);
    await shoot(helper, testInfo, 'form-sent-after-signal');
    expect(mail.subject).toContain(`案件編號 ${caseNumber}`);
    expect(mail.text).toContain('照片：3 張');
    expect(await mailsTo(person.email)).toHaveLength(1);
    // The draft is gone from the phone: the form starts empty.
    await helper.reload();
    await waitForHydration(helper);
    await expect(helper.getByText('您有一份尚未送出的諮詢')).toHaveCount(0);
    await expect(helper.getByLabel('狀況描述')).toHaveValue('');
  },
);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A server of this test's own (the shared one must not be killed), on the built app. */
function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(path.join(repoRoot, 'node_modules', '.bin', 'node'), ['scripts/start.mjs'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      BASE_PATH: '',
      SEED_DEMO_CONTENT: 'true',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOBS_POLL_SECONDS: '0.5',
      RATE_LIMIT_FORM_MAX: '100000',
      RATE_LIMIT_API_MAX: '100000',
      RATE_LIMIT_PAGE_MAX: '100000',
      RATE_LIMIT_FILES_MAX: '100000',
      // As the suite's other servers (playwright.config.ts): no overload refusals on a busy machine.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    },
  });
}

async function untilReady(port: number) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/v1/system-settings/1`)).status;
        } catch {
          return 0;
        }
      },
      // A first start migrates and seeds the demo content: minutes on a busy machine.
      { timeout: 270_000, intervals: [250] },
    )
    .toBe(200);
}

function killed(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

test('the server dies during the third photo: the page resumes by itself when it is back, with the same key, and makes exactly one case', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server to kill is enough: the desktop project runs it');
  test.setTimeout(300_000);
  const port = testPort + 5;
  // In the run's temporary folder (in memory under npm test, decision 0279), as the other servers' data.
  const dataDir = path.join(os.tmpdir(), `pest-e2e-consultation-kill-${testPort}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  // The demo content the shared servers started from (seeded once, decision 0087), not a new seeding.
  await fs.cp(seededDataDir, dataDir, { recursive: true });
  let server = startServer(port, dataDir);
  try {
    await untilReady(port);
    const origin = `http://127.0.0.1:${port}`;
    const person = asker(testInfo, 'kill');
    await page.goto(`${origin}/consultation/form`);
    await waitForHydration(page);
    await expectAccessible(page);
    await fillBasics(page, person);
    await page
      .getByLabel('遠照')
      .setInputFiles([
        jpeg('far-1.jpg', await phonePhoto('#1b5e20')),
        jpeg('far-2.jpg', await phonePhoto('#33691e')),
        jpeg('far-3.jpg', await phonePhoto('#004d40')),
      ]);

    // The third photo's chunk leaves the browser after the server has been killed.
    let uploads = 0;
    await page.route('**/api/v1/consultation/photo-uploads/*', async (route) => {
      uploads += 1;
      if (uploads === 3) await killed(server);
      await route.continue();
    });
    const created = page.waitForRequest('**/api/info/advNew');
    await page.getByRole('button', { name: '完成' }).click();
    // The farmer is told the case waits on the phone; nothing to tap.
    await expect(page.getByTestId('send-status')).toHaveText('已儲存在手機，連線後自動送出', { timeout: 20_000 });
    const sent = (await created).postDataJSON() as { key: string };
    const createdResponse = await (await created).response();
    const { d: caseId } = (await createdResponse!.json()) as { d: number; token: string };
    expect(uploads).toBeGreaterThanOrEqual(3);
    expect(await mailsTo(person.email)).toHaveLength(0);

    // The server comes back: the page goes on by itself with the same key, the same case.
    await page.unroute('**/api/v1/consultation/photo-uploads/*');
    server = startServer(port, dataDir);
    await untilReady(port);
    await expect(page.getByRole('heading', { name: '步驟三：完成' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('case-number')).toHaveText(String(caseId));
    await expectAccessible(page);
    const mail = await mailTo(person.email);
    expect(mail.subject).toContain(`案件編號 ${caseId}`);
    // The same key asks for the same case again: still that one.
    const again = await page.request.post(`${origin}/api/info/advNew`, {
      data: {
        a1: '斗南鎮',
        a2: '水稻',
        a3: person.name,
        a4: '0912-345-678',
        a5: person.email,
        a6: '葉片出現褐色斑點，一週內擴散到半塊田。',
        city: '雲林縣',
        key: sent.key,
      },
    });
    expect(((await again.json()) as { d: number }).d).toBe(caseId);
    expect(await mailsTo(person.email)).toHaveLength(1);
  } finally {
    await killed(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
