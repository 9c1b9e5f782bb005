import type { Page } from '@playwright/test';
import { expect, oneViewport, expectAccessible, test, visit, phoneJourney } from '../fixtures';
import { shoot } from '../support/test-helpers';

const cards = (page: Page) => page.getByRole('list', { name: '諮詢案例' }).getByRole('listitem');

test.describe('the image consultation archive', () => {
  test(
    'browse, filter by crop and by words, open a case: masked name, reply, photo tabs by keyboard',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      test.slow();
      await visit(page, '/consultation/advisory');
      await expect(page.getByRole('heading', { level: 1, name: '圖像諮詢問答' })).toBeVisible();
      await expect(page.getByText(/^共 7 筆/)).toBeVisible();
      await expect(cards(page)).toHaveCount(6);
      await expect(page.getByRole('link', { name: '我要諮詢' })).toHaveAttribute('href', '/consultation/form');
      await expect(cards(page).first()).toContainText('示範案例');
      await expect(cards(page).first()).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
      await shoot(page, testInfo, 'advisory-list');

      // Page 2 holds the seventh case.
      await page.getByRole('navigation', { name: /分頁/ }).getByRole('link', { name: '下一頁' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expectAccessible(page);
      await expect(cards(page)).toHaveCount(1);

      // The crop menu.
      await page.getByRole('navigation', { name: '依作物瀏覽諮詢' }).getByRole('link', { name: /^水稻/ }).click();
      await expect(page).toHaveURL(/crop=%E6%B0%B4%E7%A8%BB$/);
      await expectAccessible(page);
      await expect(page.getByText(/^共 2 筆/)).toBeVisible();
      await expect(cards(page)).toHaveCount(2);

      // Words within the crop.
      const searchBox = page.getByRole('search').getByRole('searchbox', { name: '關鍵字' });
      await searchBox.fill('稻熱病');
      await searchBox.press('Enter');
      await expect(page).toHaveURL(/term=/);
      await expectAccessible(page);
      await expect(page.getByText(/^共 1 筆/)).toBeVisible();

      await cards(page).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/consultation\/advisory\/detail\?id=\d+$/);
      await expectAccessible(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('水稻・雲林縣虎尾鎮');
      await expect(page.getByRole('note')).toContainText('示範案例');
      const facts = page.getByRole('definition');
      await expect(facts.filter({ hasText: '王OO' })).toHaveCount(1);
      await expect(page.getByText('王大明')).toHaveCount(0);
      await expect(facts.first()).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect(page.getByRole('heading', { name: '專家回覆' })).toBeVisible();
      await expect(page.locator('.advisory-reply strong').first()).toHaveText('菱形病斑');
      // The records and IPM sheets the expert attached are links.
      const attached = page.getByRole('list', { name: '相關資料' });
      await expect(attached.getByRole('link', { name: '稻熱病', exact: true })).toHaveAttribute(
        'href',
        /^\/search\/bug\/detail\?id=\d+$/,
      );
      await expect(attached.getByRole('link', { name: '水稻稻熱病整合管理' })).toHaveAttribute(
        'href',
        /^\/IPM\/detail\?id=\d+$/,
      );

      // Photo tabs: arrow keys move the focus, Enter follows the tab.
      const tabs = page.getByRole('tablist', { name: '照片分類' });
      await expect(tabs.getByRole('tab', { selected: true })).toHaveText(/^遠照/);
      await expect(page.getByRole('tabpanel').getByRole('img')).toHaveCount(1);
      await shoot(page, testInfo, 'advisory-detail');
      await tabs.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.getByRole('tab', { name: /^作物近照/ })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.getByRole('tab', { name: /^病蟲害近照/ })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/photo=pic3/);
      await expect(tabs.getByRole('tab', { selected: true })).toHaveText(/^病蟲害近照/);
      await expect(page.getByRole('tabpanel').getByRole('img', { name: /病蟲害近照第 1 張/ })).toBeVisible();
      await expectAccessible(page);

      await attached.getByRole('link', { name: '水稻稻熱病整合管理' }).click();
      await expect(page).toHaveURL(/\/IPM\/detail\?id=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('水稻稻熱病整合管理');
      await expectAccessible(page);
    },
  );

  test('an unknown case says so, with the way back', { tag: oneViewport }, async ({ page }) => {
    await page.goto('/consultation/advisory/detail?id=999999');
    await expectAccessible(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('找不到這筆資料');
    await expect(page.getByRole('link', { name: /圖像諮詢問答/ }).first()).toBeVisible();
  });

  test('a search that finds nothing shows 無資料', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/consultation/advisory?term=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E7%97%85');
    await expect(page.getByText(/^共 0 筆/)).toBeVisible();
    await expect(page.getByText('無資料')).toBeVisible();
  });
});

test.describe('without JavaScript', { tag: oneViewport }, () => {
  test.use({ javaScriptEnabled: false });

  test('the crop menu, the search and the photo tabs are plain links and forms', async ({ page }) => {
    test.slow();
    await visit(page, '/consultation/advisory');
    await page.getByRole('navigation', { name: '依作物瀏覽諮詢' }).getByRole('link', { name: /^柑橘/ }).click();
    await expectAccessible(page);
    await expect(page.getByText(/^共 2 筆/)).toBeVisible();
    await page.getByRole('search').getByRole('searchbox', { name: '關鍵字' }).fill('潰瘍');
    await page.getByRole('search').getByRole('button', { name: '搜尋' }).click();
    await expectAccessible(page);
    await expect(page.getByText(/^共 1 筆/)).toBeVisible();
    await cards(page).first().getByRole('link').click();
    await expectAccessible(page);
    await expect(page.getByText('張OO')).toBeVisible();
    await page.getByRole('tab', { name: /^作物近照/ }).click();
    await expectAccessible(page);
    await expect(page).toHaveURL(/photo=pic2/);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(/^作物近照/);
    await expect(page.getByRole('tabpanel').getByRole('img')).toHaveCount(1);
  });
});
