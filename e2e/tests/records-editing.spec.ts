import sharp from 'sharp';
import { fixturePort } from '../playwright.config';
import { expect, expectAccessible, oneViewport, prepareContext, test, waitForHydration } from '../fixtures';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// The desk server has an editor of its own (support/start-desk-server.ts).
const site = `http://127.0.0.1:${fixturePort}`;

/**
 * An editor adds a record in /admin (decisions 0250, 0251): it starts as a draft,
 * gets a harm photo with its caption, author and licence, is previewed as the public will see it,
 * and once published the public page shows it; a visitor never sees the draft.
 */
test.describe('records edited in the admin', () => {
  test(`an editor creates a record with a picture as a draft, previews and publishes it ${oneViewport}`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const name = `示範編輯夜蛾${Date.now().toString(36)}`;
    const caption = '幼蟲啃食甘藍葉片成孔洞';

    await page.goto(`${site}/login?redirect=${encodeURIComponent('/admin/records/new')}`);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL('**/admin/records/new');
    await waitForHydration(page);
    await expectAccessible(page);
    await expect(page.getByRole('combobox', { name: /^發布狀態/ })).toHaveValue('draft');
    await page.getByRole('combobox', { name: /^類別/ }).selectOption('pest');
    await page.getByRole('textbox', { name: /^中文名稱/ }).fill(name);
    await page.getByRole('textbox', { name: /^為害作物／寄主／防治對象/ }).fill('甘藍、花椰菜等十字花科蔬菜。');
    await shoot(page, testInfo, 'record-new');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/records\/\d+\?done=created$/);
    const id = /\/admin\/records\/(\d+)/.exec(page.url())![1]!;
    await expect(page.getByRole('status').filter({ hasText: '已新增。' })).toBeVisible();
    await expectAccessible(page);

    // A visitor does not see the draft: the public address is "not found".
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
    await prepareContext(visitor);
    const visitorPage = await visitor.newPage();
    const hidden = await visitorPage.goto(`${site}/search/bug/detail?id=${id}`);
    expect(hidden?.status()).toBe(404);
    await expectAccessible(visitorPage);
    const hiddenPreview = await visitorPage.goto(`${site}/search/bug/detail?id=${id}&preview=1`);
    expect(hiddenPreview?.status()).toBe(404);
    await expectAccessible(visitorPage);

    // Its pictures, from the record's detail screen: the new picture's form knows the record.
    await page.getByRole('link', { name: '照片', exact: true }).click();
    await page.waitForURL(`**/admin/record-pictures?record_id=${id}`);
    await expectAccessible(page);
    await page.getByRole('link', { name: '新增病蟲害照片' }).click();
    await page.waitForURL(`**/admin/record-pictures/new?record_id=${id}`);
    await waitForHydration(page);
    await expectAccessible(page);
    await expect(page.getByRole('spinbutton', { name: /^病蟲害資料編號/ })).toHaveValue(id);
    await page.getByRole('combobox', { name: /^照片分類/ }).selectOption('harm');
    await page.getByRole('textbox', { name: /^說明文字/ }).fill(caption);
    await page.getByRole('textbox', { name: /^作者／來源/ }).fill('示範研究單位 攝影組');
    await page.getByRole('textbox', { name: /^授權/ }).fill('CC BY 4.0');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5b8a3c' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(/^照片(（必填）)?$/)
      .setInputFiles({ name: 'harm.jpg', mimeType: 'image/jpeg', buffer: photo });
    await shoot(page, testInfo, 'record-picture-new');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/record-pictures\/\d+\?done=created$/);
    await expect(page.getByRole('status').filter({ hasText: '已新增。' })).toBeVisible();
    await expectAccessible(page);

    // The preview, as the public will see it, under the banner.
    await page.goto(`${site}/admin/records/${id}`);
    await expectAccessible(page);
    await page.getByRole('link', { name: '預覽公開頁面' }).click();
    await page.waitForURL(`**/search/bug/detail?id=${id}&preview=1`);
    await waitForHydration(page);
    await expectAccessible(page);
    const banner = page.getByRole('note').filter({ hasText: '預覽' });
    await expect(banner).toContainText('尚未發布的草稿');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await shoot(page, testInfo, 'record-preview');
    await page.getByRole('tab', { name: '為害照片' }).click();
    await page.waitForURL(/tab=harm-photos&preview=1/);
    await expect(page.getByRole('img', { name: caption })).toBeVisible();
    await expectAccessible(page);

    // Published: the public page shows it, its harm photos tab the picture with its caption and credit.
    await banner.getByRole('link', { name: '回到編輯' }).click();
    await page.waitForURL(`**/admin/records/${id}/edit`);
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole('combobox', { name: /^發布狀態/ }).selectOption('published');
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(/done=updated/);
    await expectAccessible(page);

    const shown = await visitorPage.goto(`${site}/search/bug/detail?id=${id}&tab=harm-photos`);
    expect(shown?.status()).toBe(200);
    await waitForHydration(visitorPage);
    await expectAccessible(visitorPage);
    await expect(visitorPage.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitorPage.getByRole('note').filter({ hasText: '預覽' })).toHaveCount(0);
    const image = visitorPage.getByRole('img', { name: caption });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(visitorPage.getByText('作者／來源：示範研究單位 攝影組，授權：CC BY 4.0')).toBeVisible();
    await shoot(visitorPage, testInfo, 'record-published-1280');
    await visitorPage.setViewportSize({ width: 360, height: 740 });
    await expect(image).toBeVisible();
    await shoot(visitorPage, testInfo, 'record-published-360');
    await visitor.close();
  });
});
