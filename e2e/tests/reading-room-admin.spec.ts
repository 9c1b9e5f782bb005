import { expect, expectAccessible, oneViewport, test, visit, waitForHydration } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// The reading room in /admin at 1280 px, every page checked with axe: an editor adds
// an IPM sheet with its PDF as a draft, previews it as the public will see it, publishes it, and the
// public /IPM list shows it and downloads its PDF; a news item posted for now is on /news at once.
// The admin screens are also looked at on a tablet. On the desk server, which holds an editor.

const site = `http://127.0.0.1:${fixturePort}`;
const pdf = Buffer.from(
  '%PDF-1.4\n% 示範 IPM 技術資料\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Taiwan time (UTC+8) as the news form takes it, `seconds` from now. */
function taiwanTimeIn(seconds: number): string {
  const local = new Date(Date.now() + seconds * 1000 + 8 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}/${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  );
}

test.describe('the reading room in the admin', { tag: oneViewport }, () => {
  test('an editor adds an IPM sheet as a draft, previews it, publishes it; a news item posted now is public', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = `甘藷蟻象綜合管理（示範 ${Date.now() % 100000}）`;

    await visit(page, `${site}/login`);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await expectAccessible(page);

    // The list, then the create screen generated from the contract.
    await visit(page, `${site}/admin/ipm-sheets`);
    await expect(page.getByRole('heading', { level: 1, name: 'IPM 技術資料' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-ipm-sheets-1280');
    await page.getByRole('link', { name: /^新增/ }).first().click();
    await page.waitForURL('**/admin/ipm-sheets/new');
    await waitForHydration(page);
    await expectAccessible(page);

    // Without a title or a file: the messages beside the fields.
    await page.getByRole('button', { name: '新增' }).click();
    await expect(page.getByText('請輸入標題')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /^標題/ }).fill(title);
    await page.getByRole('textbox', { name: /^分類/ }).fill('雜糧');
    await page.getByRole('textbox', { name: /^摘要/ }).fill('性費洛蒙誘殺與輪作並行，減少塊根被害。');
    await page
      .getByLabel(/^PDF 檔案/)
      .setInputFiles({ name: '甘藷蟻象綜合管理.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('combobox', { name: /^發布狀態/ })).toHaveValue('draft');
    await shoot(page, testInfo, 'admin-ipm-sheet-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/ipm-sheets\/\d+\?done=created$/);
    const id = /\/admin\/ipm-sheets\/(\d+)/.exec(page.url())?.[1];
    await expect(page.getByRole('status').filter({ hasText: '已新增。' })).toBeVisible();
    await expectAccessible(page);

    // A draft: visitors do not find it.
    const hidden = await page.request.get(`${site}/IPM/detail?id=${id}`, { headers: { cookie: '' } });
    expect(hidden.status()).toBe(404);

    // The preview: the public page under the banner.
    await page.getByRole('link', { name: '預覽' }).click();
    await page.waitForURL(/\/IPM\/detail\?id=\d+&preview=1$/);
    await expect(page.getByRole('note')).toContainText('這是尚未發布的草稿，訪客看不到這一頁。');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'ipm-preview-1280');

    // Publish from the detail screen.
    await visit(page, `${site}/admin/ipm-sheets/${id}`);
    await page.getByRole('button', { name: /^發布/ }).click();
    await expect(page.getByRole('status').filter({ hasText: '已發布，訪客現在看得到。' })).toBeVisible();
    await expectAccessible(page);

    // The public list of its category shows it; its page downloads the PDF.
    await visit(page, `${site}/IPM?term=${encodeURIComponent('雜糧')}`);
    await page.getByRole('link', { name: title }).first().click();
    await page.waitForURL(/\/IPM\/detail\?id=\d+$/);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expectAccessible(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /^下載 PDF/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('甘藷蟻象綜合管理.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    // A news item posted for now, published: on /news at once.
    const headline = `示範：甘藷健康種苗說明會（${Date.now() % 100000}）`;
    await visit(page, `${site}/admin/news/new`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: /^標題/ }).fill(headline);
    await page.getByRole('combobox', { name: /^類別/ }).selectOption({ label: '糧作' });
    await page.getByRole('textbox', { name: /^摘要/ }).fill('說明會報名開始。');
    await page.getByRole('textbox', { name: /^內文/ }).fill('地點：嘉義分場。\n\n請攜帶身分證件。');
    await page.getByRole('textbox', { name: /^發布時間/ }).fill(taiwanTimeIn(0));
    await page.getByRole('combobox', { name: /^發布狀態/ }).selectOption('published');
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-news-new-1280');
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/admin\/news\/\d+\?done=created$/);
    await expect(page.getByText('看得到', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await visit(page, `${site}/news`);
    await expect(
      page.getByRole('link', { name: new RegExp(headline.replace(/[()（）]/g, '.')) }).first(),
    ).toBeVisible();

    // The admin screens on a tablet.
    await page.setViewportSize({ width: 768, height: 1024 });
    await visit(page, `${site}/admin/news`);
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-news-768');
    // Nothing of the list still loading when the next screen is opened.
    await page.waitForLoadState('networkidle');
    await visit(page, `${site}/admin/ipm-sheets/${id}/edit`);
    await expectAccessible(page);
    await shoot(page, testInfo, 'admin-ipm-sheet-edit-768');
  });
});
