import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, oneViewport, test, visit, waitForHydration, phoneJourney } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskEditor } from '../support/desk-fixture';
import { shoot } from '../support/test-helpers';

// The fixture server, with its editor: no other test there reads the pesticide pages, so importing
// disturbs nobody (the main server's pages show the demo sample to the records tests meanwhile).
const site = `http://127.0.0.1:${fixturePort}`;
/** The demo sample with two rows changed, one added, two removed and two bad rows (apps/server/src/records/test/README.md). */
const changedCsv = fileURLToPath(
  new URL('../../apps/server/src/records/test/pesticides_2022-08-01.csv', import.meta.url),
);
const mangoAnthracnose = `${site}/search/bug/detail2?name=${encodeURIComponent('炭疽病')}&plant=${encodeURIComponent('檬果')}`;

/** The products listed on the public pesticide page (each row's heading). */
async function products(page: Page): Promise<string[]> {
  return page.getByRole('tabpanel').getByRole('heading', { level: 3 }).allInnerTexts();
}

test.describe('農藥登記資料匯入', () => {
  test(`an editor imports a changed CSV: preview, apply — the pesticide page changes — and roll back ${oneViewport}`, async ({
    page,
  }, testInfo) => {
    // Eleven pages, each checked with axe, on a machine shared with other test runs.
    test.setTimeout(180_000);
    await visit(page, mangoAnthracnose);
    await expect(page.getByText(/^資料來源：農藥資訊服務網（資料日期 2022\/07\/01）$/)).toBeVisible();
    const before = await products(page);
    expect(before).toContain('甲基鋅乃浦');
    expect(before).not.toContain('測試新藥');

    await page.goto(`${site}/login?redirect=${encodeURIComponent('/admin/pesticide-imports')}`);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
    await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL('**/admin/pesticide-imports');
    await waitForHydration(page);
    await expectAccessible(page);
    await expect(page.getByRole('heading', { level: 1, name: '農藥登記資料匯入' })).toBeVisible();
    await expect(page.getByText('示範用的部分樣本')).toBeVisible();

    // The upload form: the official file, its date taken from its name.
    await page.getByRole('link', { name: '匯入新檔案' }).click();
    await page.waitForURL('**/admin/pesticide-imports/new');
    await expectAccessible(page);
    await page.getByLabel(/^農藥登記資料 CSV 檔/).setInputFiles(changedCsv);
    await page.getByRole('button', { name: '上傳並預覽' }).click();
    await page.waitForURL(/\/admin\/pesticide-imports\/\d+\?done=preview$/);
    await waitForHydration(page);
    // The file is read in the background (decision 0350): the screen shows the progress (預覽中…)
    // and asks again each second until the preview is ready, then shows it in place.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('預覽：');
    await expectAccessible(page);
    await expect(page.getByRole('status').filter({ hasText: '套用前網站上的資料不會改變' })).toBeVisible();
    const counts = page.locator('.pesticide-import__counts');
    await expect(counts).toContainText('新增1 筆');
    await expect(counts).toContainText('變更2 筆');
    await expect(counts).toContainText('移除2 筆');
    await expect(counts).toContainText('無法匯入2 筆');
    await expect(page.getByText('2022/08/01').first()).toBeVisible();
    await shoot(page, testInfo, 'pesticide-import-preview');

    // The changes, a tab each, by keyboard: arrows move between the tabs, Enter opens one.
    await page.getByRole('tab', { name: /^新增/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^變更/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/kind=changed/);
    const changedPanel = page.getByRole('tabpanel');
    await expect(changedPanel.getByText('安全採收期', { exact: true })).toBeVisible();
    await expect(changedPanel.locator('del', { hasText: '18' })).toBeVisible();
    await expect(changedPanel.locator('ins', { hasText: '21' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: /^無法匯入/ }).click();
    await page.waitForURL(/kind=rejected/);
    await expect(page.getByRole('tabpanel')).toContainText('缺少作物名稱');
    await expect(page.getByRole('tabpanel')).toContainText('核准日期「1111345.0」不是有效的日期');
    await expectAccessible(page);

    // Usable on a tablet: nothing wider than the screen.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await shoot(page, testInfo, 'pesticide-import-preview-tablet');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Applied with the keyboard.
    await page.getByRole('button', { name: '套用這份資料' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?done=apply$/);
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: '已套用' })).toBeVisible();
    await expectAccessible(page);

    await visit(page, mangoAnthracnose);
    await expect(page.getByText(/^資料來源：農藥資訊服務網（資料日期 2022\/08\/01）$/)).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: '部分資料' })).toHaveCount(0);
    const after = await products(page);
    expect(after).toContain('測試新藥');
    expect(after).not.toContain('甲基鋅乃浦');
    await shoot(page, testInfo, 'pesticide-page-after-import');

    // Rolled back after its confirmation page: the old rows and date are back.
    await page.goBack();
    await page.waitForURL(/\?done=apply$/);
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: '還原這次匯入…' }).click();
    await page.waitForURL(/\/rollback$/);
    await expectAccessible(page);
    await expect(
      page.getByText(/推薦用藥頁面顯示第 \d+ 次匯入的資料（農藥資訊服務網，資料日期 2022\/07\/01）/),
    ).toBeVisible();
    await shoot(page, testInfo, 'pesticide-import-rollback');
    await page.getByRole('button', { name: '確定還原' }).click();
    await page.waitForURL(/\/admin\/pesticide-imports\?done=roll-back$/);
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: '已還原' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, testInfo, 'pesticide-import-history');

    await visit(page, mangoAnthracnose);
    await expect(page.getByText(/^資料來源：農藥資訊服務網（資料日期 2022\/07\/01）$/)).toBeVisible();
    expect(await products(page)).toEqual(before);
  });
});

test.describe('開放資料', () => {
  test(
    'the home page links the open data; its page names the source and date and offers CSV and JSON',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      await visit(page, '/');
      await page.getByRole('link', { name: '開放資料下載' }).click();
      await page.waitForURL('**/open-data');
      await waitForHydration(page);
      await expectAccessible(page);
      await expect(page.getByRole('heading', { level: 1, name: '開放資料' })).toBeVisible();
      const pesticides = page.getByRole('region', { name: '農藥登記使用範圍' });
      await expect(pesticides.getByText('2022/07/01')).toBeVisible();
      await expect(pesticides.getByRole('note')).toContainText('部分樣本');
      await shoot(page, testInfo, 'open-data');
      // The files themselves (BOM, columns, caching) are checked by the server tests (open-data.test.ts).
      await expect(pesticides.getByRole('link', { name: /下載 CSV/ })).toHaveAttribute(
        'href',
        '/api/v1/open-data/pesticide-uses.csv',
      );
    },
  );
});
