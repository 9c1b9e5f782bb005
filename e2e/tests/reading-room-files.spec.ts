import sharp from 'sharp';
import { expect, expectAccessible, oneViewport, test, visit, waitForHydration } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// The reading room's files in /admin (decisions 0244–0245) at 1280 px, every page
// checked with axe: an editor adds an IPM sheet with a cover picture, then an other file from the
// sheet's detail screen; the public IPM list shows the cover (sized) and the sheet's page lists the
// file, which downloads. The forms are also looked at at 360 px. On the desk server (it holds an editor).

const site = `http://127.0.0.1:${fixturePort}`;
const pdf = Buffer.from(
  '%PDF-1.4\n% 示範 IPM 技術資料\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const calendar = Buffer.from('%PDF-1.4\n% 示範防治曆\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe('the reading room files in the admin', { tag: oneViewport }, () => {
  test("an editor sets an IPM sheet's cover and adds an other file; the public IPM pages show both", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = Date.now() % 100000;
    const title = `茶角盲椿象綜合管理（示範 ${stamp}）`;
    const category = `示範封面 ${stamp}`;
    const cover = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f7d4f' } })
      .jpeg()
      .toBuffer();

    await visit(page, `${site}/login`);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await expectAccessible(page);

    // A new sheet with its PDF and its cover picture, published at once.
    await visit(page, `${site}/admin/ipm-sheets/new`);
    await page.getByRole('textbox', { name: /^標題/ }).fill(title);
    await page.getByRole('textbox', { name: /^分類/ }).fill(category);
    await page.getByRole('textbox', { name: /^摘要/ }).fill('示範：茶園的茶角盲椿象防治。');
    await page
      .getByLabel(/^PDF 檔案/)
      .setInputFiles({ name: '茶角盲椿象.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByLabel(/^封面圖片/).setInputFiles({ name: '茶園.jpg', mimeType: 'image/jpeg', buffer: cover });
    await page.getByRole('combobox', { name: /^發布狀態/ }).selectOption('published');
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-ipm-sheet-cover-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/ipm-sheets\/\d+\?done=created$/);
    const id = /\/admin\/ipm-sheets\/(\d+)/.exec(page.url())?.[1];
    await expect(page.getByText('有（1024 × 683 像素）')).toBeVisible();
    await expectAccessible(page);

    // Its other files, from the sheet's detail screen: the list of this sheet's files, then a new one.
    await page.getByRole('link', { name: '其他檔案', exact: true }).click();
    await page.waitForURL(`**/admin/ipm-files?ipm_id=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'IPM 其他檔案' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: /^新增/ }).first().click();
    await page.waitForURL(`**/admin/ipm-files/new?ipm_id=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('spinbutton', { name: /^IPM 技術資料編號/ })).toHaveValue(String(id));
    // A photo is no document: refused in the browser, beside the field.
    await page.getByLabel(/^檔案/).setInputFiles({ name: '茶園.jpg', mimeType: 'image/jpeg', buffer: cover });
    await page.getByRole('button', { name: '新增' }).click();
    await expect(page.getByText('選擇的檔案格式不符')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^顯示名稱/ }).fill('茶角盲椿象防治曆');
    await page
      .getByLabel(/^檔案/)
      .setInputFiles({ name: 'calendar.pdf', mimeType: 'application/pdf', buffer: calendar });
    await shoot(page, testInfo, 'admin-ipm-file-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/ipm-files\/\d+\?done=created$/);
    await expect(page.getByText('茶角盲椿象防治曆.pdf').first()).toBeVisible();
    await expectAccessible(page);

    // The public list of its category: the card with the cover, its size reserved.
    await visit(page, `${site}/IPM?term=${encodeURIComponent(category)}`);
    const card = page.locator('article').filter({ has: page.getByRole('link', { name: title }) });
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('width', '1024');
    await expect(picture).toHaveAttribute('height', '683');
    await expect(picture).toHaveAttribute('src', /\/files\/public\/reading-room\/covers\/[0-9a-f]{64}\.jpg$/);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1024);
    await shoot(page, testInfo, 'ipm-list-cover-1280');

    // The sheet's page lists the other file, which downloads under its name.
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(new RegExp(`/IPM/detail\\?id=${id}$`));
    await expectAccessible(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /茶角盲椿象防治曆/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('茶角盲椿象防治曆.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(calendar)).toBe(true);
    await shoot(page, testInfo, 'ipm-detail-other-file-1280');

    // The forms on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, `${site}/admin/ipm-sheets/${id}/edit`);
    await expect(page.getByRole('checkbox', { name: /^移除封面圖片/ })).toBeVisible();
    await shoot(page, testInfo, 'admin-ipm-sheet-edit-360');
    await page.waitForLoadState('networkidle');
    await visit(page, `${site}/admin/ipm-files/new?ipm_id=${id}`);
    await shoot(page, testInfo, 'admin-ipm-file-new-360');
  });
});
