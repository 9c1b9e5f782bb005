import { expect, expectAccessible, oneViewport, test, visit, waitForHydration } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// Related links and quick-start items in /admin (decisions 0247–0249) at 1280 px, every
// page checked with axe: an editor adds a related link and /link shows it; adds a quick-start item
// with a file, publishes it, and the public page lists the item and downloads its file. The admin
// screens are also looked at on a 360 px phone. On the desk server, which holds an editor.

const site = `http://127.0.0.1:${fixturePort}`;
const pdf = Buffer.from('%PDF-1.4\n% 示範申請表\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe('quick-start items and related links in the admin', { tag: oneViewport }, () => {
  test('an editor adds a related link, then publishes a quick-start item with a file', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const run = Date.now() % 100000;
    const linkTitle = `示範病蟲害速報 ${run}`;
    const linkUrl = `https://www.example.gov.tw/pest-alert-${run}`;
    const itemTitle = `示範：如何申請病蟲害診斷 ${run}`;

    await visit(page, `${site}/login`);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await expectAccessible(page);

    // The related links, with the note that the first six were never checked.
    await visit(page, `${site}/admin/related-links`);
    await expect(page.getByRole('heading', { level: 1, name: '相關連結' })).toBeVisible();
    await expect(page.getByText(/沒有人確認過/)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-related-links-1280');
    await page.getByRole('link', { name: /^新增/ }).first().click();
    await page.waitForURL('**/admin/related-links/new');
    await waitForHydration(page);

    // An http address is refused beside the field.
    await page.getByRole('textbox', { name: /^標題/ }).fill(linkTitle);
    await page.getByRole('textbox', { name: /^網址/ }).fill('http://www.example.gov.tw/');
    await page.getByRole('button', { name: '新增' }).click();
    await expect(page.getByText('請輸入 https:// 開頭的完整網址，例如 https://www.example.gov.tw/page')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /^網址/ }).fill(linkUrl);
    await page.getByRole('textbox', { name: /^說明/ }).fill('示範用：各地病蟲害發生速報。');
    await page.getByRole('spinbutton', { name: /^排序/ }).fill('5');
    await page.getByRole('checkbox', { name: /^已確認網址/ }).check();
    await shoot(page, testInfo, 'admin-related-link-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/related-links\/\d+\?done=created$/);
    await expectAccessible(page);

    // /link shows it at once, first (sort 5), beside the researchers' entry.
    await visit(page, `${site}/link`);
    const added = page.getByRole('link', { name: new RegExp(`^${linkTitle}`) });
    await expect(added).toHaveAttribute('href', linkUrl);
    await expect(page.locator('.rr-links__item').first()).toContainText(linkTitle);
    await expect(page.getByRole('link', { name: '研究人員' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'link-1280');

    // A quick-start item, a draft at first.
    await visit(page, `${site}/admin/quick-items/new`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: /^標題/ }).fill(itemTitle);
    await page.getByRole('textbox', { name: /^內文/ }).fill('第一步：下載申請表。\n\n第二步：填好後寄回。');
    await expect(page.getByRole('combobox', { name: /^發布狀態/ })).toHaveValue('draft');
    await expectAccessible(page);
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/quick-items\/\d+\?done=created$/);
    const id = /\/admin\/quick-items\/(\d+)/.exec(page.url())?.[1];
    await expectAccessible(page);

    // Its files, from the item's detail screen.
    await page.getByRole('link', { name: '檔案', exact: true }).click();
    await page.waitForURL(`**/admin/quick-files?quick_id=${id}`);
    await expectAccessible(page);
    await page.getByRole('link', { name: /^新增/ }).first().click();
    await page.waitForURL(`**/admin/quick-files/new?quick_id=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('spinbutton', { name: /^快速入門編號/ })).toHaveValue(String(id));
    await page.getByRole('textbox', { name: /^檔案名稱/ }).fill('病蟲害診斷申請表');
    await page
      .getByLabel(/^檔案(?!名稱)/)
      .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-quick-file-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/quick-files\/\d+\?done=created$/);
    await expectAccessible(page);

    // The preview lists the file; then publish from the item's detail screen.
    await visit(page, `${site}/quick/detail?id=${id}&preview=1`);
    await expect(page.getByRole('note')).toContainText('這是尚未發布的草稿，訪客看不到這一頁。');
    await expect(page.getByRole('link', { name: /病蟲害診斷申請表\.pdf/ })).toBeVisible();
    await expectAccessible(page);
    await visit(page, `${site}/admin/quick-items/${id}`);
    await page.getByRole('button', { name: /^發布/ }).click();
    await expect(page.getByRole('status').filter({ hasText: '已發布，訪客現在看得到。' })).toBeVisible();
    await expectAccessible(page);

    // The public list shows it; its page downloads the file under its Chinese name.
    await visit(page, `${site}/quick`);
    await page.getByRole('link', { name: itemTitle }).click();
    await page.waitForURL(/\/quick\/detail\?id=\d+$/);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByText('第二步：填好後寄回。')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'quick-detail-1280');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /病蟲害診斷申請表\.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('病蟲害診斷申請表.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    // The admin screens on a 360 px phone.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, name] of [
      ['/admin/related-links', 'admin-related-links-360'],
      ['/admin/related-links/new', 'admin-related-link-new-360'],
      ['/admin/quick-items', 'admin-quick-items-360'],
      [`/admin/quick-items/${id}`, 'admin-quick-item-360'],
      [`/admin/quick-files?quick_id=${id}`, 'admin-quick-files-360'],
    ] as const) {
      await visit(page, `${site}${path}`);
      await expectAccessible(page);
      await shoot(page, testInfo, name);
      await page.waitForLoadState('networkidle');
    }
  });
});
