import sharp from 'sharp';
import { fixturePort } from '../playwright.config';
import { expect, expectAccessible, oneViewport, prepareContext, test, waitForHydration } from '../fixtures';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// The fixture server has an editor (support/start-fixture-server.ts).
const site = `http://127.0.0.1:${fixturePort}`;

/**
 * An editor keeps the diagnosis wizard current in /admin (decisions
 * 0270–0274): from the crop to its level and the option above, a new final card with its picture
 * and its record; the public wizard shows it at once and leads to the record.
 */
test.describe('the wizard trees in the admin', () => {
  test(`an editor adds a card with a picture under a crop's level, and the public wizard leads to its record ${oneViewport}`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const label = `示範新增卡片${Date.now().toString(36)}`;
    // The record the card leads to, as the editor finds it (its page's address has the id).
    const found = await request.post(`${site}/api/info/searchResult`, {
      data: { term: '斜紋夜蛾', ty: 'y,y,y,y', page: 1, pageSize: 10 },
    });
    const record = ((await found.json()) as { d: { items: Array<{ id: number; CName: string }> } }).d.items.find(
      (item) => item.CName === '斜紋夜蛾',
    )!;
    expect(record).toBeDefined();

    await page.goto(`${site}/login?redirect=${encodeURIComponent('/admin/consultation-crops')}`);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL('**/admin/consultation-crops');
    await expectAccessible(page);

    // Crop → its levels → the second level's options → the option the new card goes under.
    await page.getByRole('link', { name: /^檢視\s*甘藍$/ }).click();
    await page.waitForURL('**/admin/consultation-crops/9');
    await expectAccessible(page);
    await page.getByRole('link', { name: '層級', exact: true }).click();
    await page.waitForURL('**/admin/consultation-levels?crop_id=9');
    await expectAccessible(page);
    await page.getByRole('link', { name: /^檢視\s*看到的情形$/ }).click();
    await page.waitForURL(/\/admin\/consultation-levels\/\d+$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: '此層的選項' }).click();
    await page.waitForURL(/\/admin\/consultation-options\?level_id=\d+$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: /^檢視\s*葉片被咬成大缺刻，葉上有幼蟲與糞粒$/ }).click();
    await page.waitForURL(/\/admin\/consultation-options\/\d+$/);
    const parentId = /consultation-options\/(\d+)/.exec(page.url())![1]!;
    await expectAccessible(page);
    await page.getByRole('link', { name: '下一層選項' }).click();
    await page.waitForURL(`**/admin/consultation-options?parent_option_id=${parentId}`);
    await expectAccessible(page);
    await expect(page.getByRole('cell', { name: '紋白蝶', exact: true })).toBeVisible();
    await shoot(page, testInfo, 'wizard-options-1280');

    await page.getByRole('link', { name: '新增診斷選項' }).click();
    await page.waitForURL(`**/admin/consultation-options/new?parent_option_id=${parentId}`);
    await waitForHydration(page);
    await expectAccessible(page);
    await expect(page.getByRole('spinbutton', { name: /^上一層選項編號/ })).toHaveValue(parentId);

    // A target that does not exist is refused beside its field, in Chinese.
    await page.getByRole('textbox', { name: /^選項名稱/ }).fill(label);
    await page.getByRole('combobox', { name: /^連結目標種類/ }).selectOption('record');
    await page.getByRole('spinbutton', { name: /^連結目標編號/ }).fill('999999');
    await page.getByRole('button', { name: '新增' }).click();
    await expect(page.getByText('找不到編號 999999 的病蟲害資料')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('spinbutton', { name: /^連結目標編號/ }).fill(String(record.id));
    const picture = await sharp({ create: { width: 960, height: 720, channels: 3, background: '#7a9b3c' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(/^圖片/).setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: picture });
    await shoot(page, testInfo, 'wizard-option-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/consultation-options\/\d+\?done=created$/);
    await expect(page.getByRole('status').filter({ hasText: '已新增。' })).toBeVisible();
    await expect(page.getByText(`${label}-${record.id}`)).toBeVisible();
    await expectAccessible(page);

    // The admin screens on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page);
    await shoot(page, testInfo, 'wizard-option-detail-360');
    await page.goto(`${site}/admin/consultation-options?parent_option_id=${parentId}`);
    await expectAccessible(page);
    await shoot(page, testInfo, 'wizard-options-360');
    await page.goto(`${site}/admin/consultation-options/new?parent_option_id=${parentId}`);
    await waitForHydration(page);
    await expectAccessible(page);
    await shoot(page, testInfo, 'wizard-option-new-360');

    // A visitor walks the wizard to the new card, sees its picture, and follows it to the record.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-TW' });
    await prepareContext(visitor);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${site}/consultation?id=9`);
    await waitForHydration(visitorPage);
    await expectAccessible(visitorPage);
    await visitorPage.getByRole('radio', { name: /^葉片被咬食/ }).check();
    await visitorPage.getByRole('button', { name: '下一步' }).click();
    await visitorPage.waitForURL(/\/consultation\?id=9&level=2&o=\d+$/);
    await expectAccessible(visitorPage);
    await visitorPage.getByRole('radio', { name: /^葉片被咬成大缺刻/ }).check();
    await visitorPage.getByRole('button', { name: '下一步' }).click();
    await visitorPage.waitForURL(new RegExp(`/consultation\\?id=9&level=3&o=\\d+&o=${parentId}$`));
    await expectAccessible(visitorPage);
    const card = visitorPage.getByRole('link', { name: new RegExp(`^${label}`) });
    await expect(card).toBeVisible();
    // The record link carries the wizard step it was chosen on (decision 0371).
    await expect(card).toHaveAttribute('href', new RegExp(`^/search/bug/detail\\?id=${record.id}&wizard=id%3D9%26`));
    // The institute's card among the team's: only the team's say so.
    await expect(card).not.toContainText('團隊編寫');
    await expect(visitorPage.getByRole('link', { name: /^紋白蝶/ }).filter({ hasText: '團隊編寫' })).toBeVisible();
    const image = card.locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await shoot(visitorPage, testInfo, 'wizard-public-card-1280');
    await card.click();
    await visitorPage.waitForURL(new RegExp(`/search/bug/detail\\?id=${record.id}&wizard=`));
    await expect(visitorPage.getByRole('heading', { level: 1 })).toContainText('斜紋夜蛾');
    await expectAccessible(visitorPage);
    await visitor.close();
  });
});
