import type { Page } from '@playwright/test';
import { shoot } from '../support/test-helpers';
import { expect, oneViewport, expectAccessible, test, visit, waitForHydration, phoneJourney } from '../fixtures';

const diseaseTabs = ['名稱', '相簿', '病原特徵', '病徵', '病害生態', '病原寄主', '發生環境', '防治方法'];
const pestTabs = [
  '名稱',
  '相簿',
  '分類',
  '形態特徵',
  '生活史',
  '分布',
  '為害作物',
  '為害概述',
  '為害照片',
  '防治方法',
  '參考文獻',
];
const beneficialTabs = [
  '名稱',
  '相簿',
  '分類',
  '形態特徵',
  '生活史',
  '分布',
  '防治對象',
  '捕食或寄生方式',
  '照片',
  '參考文獻',
];

const results = (page: Page) => page.getByRole('list', { name: '查詢結果' });

/** A page opened by a link with target=_blank: wait until it is loaded and hydrated, then check it. */
async function settle(popup: Page) {
  await popup.waitForLoadState('load');
  await waitForHydration(popup);
  await expectAccessible(popup);
}

async function tabNames(page: Page) {
  return page.getByRole('tablist').getByRole('tab').allTextContents();
}

test.describe('records', () => {
  test(
    'search 炭疽病 from home, read the disease record, its album and its pesticide uses',
    { tag: phoneJourney },
    async ({ page }) => {
      // One long journey with an axe check after every step.
      test.slow();
      await visit(page, '/');
      const searchBox = page.getByRole('search').getByRole('searchbox', { name: '關鍵字' });
      await searchBox.fill('炭疽病');
      await searchBox.press('Enter');
      await expect(page).toHaveURL('/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85');
      await expectAccessible(page);
      await expect(page).toHaveTitle(/「炭疽病」的病蟲害查詢結果/);
      await expect(page.getByText(/符合條件 \d+ 筆/)).toBeVisible();

      // The exact name ranks first; cards open the record in a new tab and say so.
      const card = results(page).getByRole('link').first();
      await expect(card).toContainText('炭疽病');
      await expect(card).toHaveAttribute('target', '_blank');
      await expect(card).toHaveAttribute('rel', /noopener/);
      await expect(card).toContainText('（在新視窗開啟）');
      const [detail] = await Promise.all([page.waitForEvent('popup'), card.click()]);
      await settle(detail);

      // Disease layout, names tab first and selected.
      // The list's state travels with the record.
      await expect(detail).toHaveURL(/\/search\/bug\/detail\?id=\d+&list=term%3D/);
      await expect(detail.getByRole('heading', { level: 1, name: '炭疽病' })).toBeVisible();
      expect(await tabNames(detail)).toEqual(diseaseTabs);
      await expect(detail.getByRole('tab', { name: '名稱' })).toHaveAttribute('aria-selected', 'true');
      const panel = detail.getByRole('tabpanel');
      await expect(panel.getByText('中文名稱')).toBeVisible();
      await expect(panel.getByText('Colletotrichum', { exact: false }).first()).toBeVisible();
      const breadcrumb = detail.getByRole('navigation', { name: '麵包屑' });
      await expect(breadcrumb.getByRole('link', { name: '病蟲害查詢' })).toHaveAttribute('href', '/search/bug');
      await expect(breadcrumb.getByText('炭疽病')).toBeVisible();
      await expect(detail.getByRole('link', { name: /回列表/ })).toHaveAttribute(
        'href',
        '/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85',
      );

      // The names tab starts with the tabs a farmer needs most: control is one tap away, and the
      // focus moves on to the tab it opened (decision 0370).
      const quick = panel.getByRole('navigation', { name: '常用資料' });
      await expect(quick.getByRole('link')).toHaveText(['病徵', '防治方法', '推薦用藥']);
      await quick.getByRole('link', { name: '防治方法' }).click();
      await expect(detail).toHaveURL(/tab=control&list=/);
      await expect(panel.getByRole('heading', { level: 2, name: '防治方法' })).toBeVisible();
      await expect(panel).toBeFocused();
      await expect(detail.getByRole('tab', { name: '防治方法' })).toHaveAttribute('aria-selected', 'true');
      await expect(panel.getByText('目前資料尚無登記用藥。')).toHaveCount(0);

      // Switching tabs is a client navigation that keeps the tab in the address.
      const documents: string[] = [];
      detail.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      await detail.getByRole('tab', { name: '病徵' }).click();
      await expect(detail).toHaveURL(/tab=symptoms/);
      await expect(detail.getByRole('tab', { name: '病徵' })).toHaveAttribute('aria-selected', 'true');
      await expect(panel.getByRole('heading', { level: 2, name: '病徵' })).toBeVisible();
      await expectAccessible(detail);
      await detail.getByRole('tab', { name: '防治方法' }).click();
      await expect(detail).toHaveURL(/tab=control/);
      await expect(panel.getByRole('heading', { level: 2, name: '防治方法' })).toBeVisible();
      await expectAccessible(detail);
      expect(documents).toEqual([]);

      // Album: thumbnails are links to the full picture; a click opens the lightbox.
      await detail.getByRole('tab', { name: '相簿' }).click();
      await expect(detail).toHaveURL(/tab=album/);
      const thumbnails = panel.getByRole('link');
      // The album's panel replaces the control tab's once the client has its data.
      await expect.poll(() => thumbnails.count()).toBeGreaterThanOrEqual(3);
      await expect(thumbnails.first()).toHaveAttribute('href', /\/files\/records\/\d+\/.+\?t=\d+$/);
      await expectAccessible(detail);
      await thumbnails.first().click();
      const lightbox = detail.locator('.yarl__root');
      await expect(lightbox).toBeVisible();
      await expect(lightbox.getByRole('button', { name: '下一張' })).toBeVisible();
      await expect
        .poll(() =>
          lightbox
            .locator('img.yarl__slide_image')
            .first()
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBeGreaterThan(0);
      await expectAccessible(detail);
      await detail.keyboard.press('Escape');
      await expect(lightbox).toHaveCount(0);
      // The phone's back button closes the viewer and stays on the record.
      await thumbnails.nth(1).click();
      await expect(lightbox).toBeVisible();
      await detail.goBack();
      await expect(lightbox).toHaveCount(0);
      await expect(detail).toHaveURL(/tab=album/);
      await expect(detail.getByRole('heading', { level: 1, name: '炭疽病' })).toBeVisible();

      // The disease page links to its pesticide lookup: one tab per crop, first crop first.
      await detail.getByRole('link', { name: '推薦用藥查詢' }).click();
      await expect(detail).toHaveURL('/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85');
      await expectAccessible(detail);
      await expect(detail.getByRole('heading', { level: 1, name: '炭疽病推薦用藥' })).toBeVisible();
      await expect(detail.getByText('實際用藥請以農藥標示為準。')).toBeVisible();
      // The demo's data is a partial 2022 sample: said before the data, and its source below it.
      await expect(detail.getByRole('note').filter({ hasText: '部分資料' })).toContainText(
        '資料來源：農藥資訊服務網，2022/07/01 部分資料。',
      );
      await expect(detail.getByText(/^資料來源：農藥資訊服務網（資料日期 2022\/07\/01）$/)).toBeVisible();
      const crops = await tabNames(detail);
      expect(crops).toEqual(expect.arrayContaining(['番茄', '檬果']));
      await expect(detail.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');

      await detail.getByRole('tab', { name: '檬果' }).click();
      await expect(detail).toHaveURL(/plant=%E6%AA%AC%E6%9E%9C/);
      await expect(detail.getByRole('tab', { name: '檬果' })).toHaveAttribute('aria-selected', 'true');
      const mangoPanel = detail.getByRole('tabpanel');
      await expect(mangoPanel.getByRole('heading', { level: 2, name: '檬果：炭疽病' })).toBeVisible();
      // One line per product with the key fields; the others on expand.
      const entry = mangoPanel.getByRole('listitem').first();
      for (const field of ['稀釋倍數', '安全採收期（天）', '施用次數']) {
        await expect(entry.getByText(field, { exact: true })).toBeVisible();
      }
      await expect(entry.getByText('含量', { exact: true })).toBeHidden();
      await entry.locator('summary').click();
      for (const field of [
        '病蟲名稱',
        '含量',
        '使用時期',
        '施藥方法',
        '劑型',
        '注意事項',
        '每公頃每次用量',
        '施藥間隔（天）',
      ]) {
        await expect(entry.getByText(field, { exact: true })).toBeVisible();
      }
      await expectAccessible(detail);

      await detail.getByRole('tab', { name: '番茄' }).click();
      await expect(detail).toHaveURL(/plant=%E7%95%AA%E8%8C%84/);
      await expect(detail.getByRole('tabpanel').getByRole('heading', { level: 2, name: '番茄：炭疽病' })).toBeVisible();
      await expectAccessible(detail);

      // A disease the pesticide data holds no use for keeps the lookup's link and says so beside it.
      const found = await detail.request.post('/api/info/searchResult', {
        data: { term: '香蕉黃葉病', ty: 'y,y,y,y', page: 1, pageSize: 10 },
      });
      const wilt = ((await found.json()) as { d: { items: Array<{ id: number; CName: string }> } }).d.items.find(
        (item) => item.CName === '香蕉黃葉病',
      )!;
      await visit(detail, `/search/bug/detail?id=${wilt.id}`);
      await expect(detail.getByRole('link', { name: '推薦用藥查詢' })).toHaveAccessibleDescription(
        '目前資料尚無登記用藥',
      );
      await expect(detail.getByRole('navigation', { name: '常用資料' }).getByRole('link').last()).toHaveText(
        '推薦用藥（目前資料尚無登記用藥）',
      );
      await detail.close();
    },
  );

  test(
    'one product’s registrations differ on the row itself; a crop’s uses by pest; 檬果 finds the 芒果 Q&A',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      // Four 亞托敏 rows for 番茄晚疫病: what tells them apart is on each row, unopened (decision 0362).
      await visit(
        page,
        '/search/bug/detail2?name=%E7%95%AA%E8%8C%84%E6%99%9A%E7%96%AB%E7%97%85&plant=%E7%95%AA%E8%8C%84',
      );
      const products = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: '亞托敏' }) });
      await expect(products).toHaveCount(4);
      const differences = products.getByTestId('pesticide-entry-differences');
      await expect(differences).toHaveCount(4);
      for (const label of ['劑型', '含量', '核准日期']) await expect(differences.first()).toContainText(label);
      await expect(differences.nth(0)).toContainText('WG');
      await expect(differences.nth(1)).toContainText('SC');
      await expect(differences.first()).toBeVisible();
      expect(await fits()).toBe(true);
      await shoot(page, testInfo, 'pesticide-differences');

      // The crop-first lookup by a synonym: 芒果 is the data's 檬果, grouped by pest (decision 0363).
      await page.getByRole('link', { name: '番茄的全部登記用藥（依病蟲害分類）' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '番茄的登記用藥' })).toBeVisible();
      await expectAccessible(page);
      const cropBox = page.getByRole('search', { name: '選擇作物' }).getByRole('combobox');
      await cropBox.fill('芒果');
      await cropBox.press('Enter');
      await expect(page).toHaveURL(/plant=%E8%8A%92%E6%9E%9C/);
      await expect(page.getByRole('heading', { level: 1, name: '檬果的登記用藥' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /^炭疽病/ })).toBeVisible();
      await expect(page.getByText(/種病蟲害、共 238 筆登記用藥$/)).toBeVisible();
      expect(await fits()).toBe(true);
      await shoot(page, testInfo, 'crop-first-lookup');
      await expectAccessible(page);
      await page.getByRole('navigation', { name: /分頁/ }).getByRole('link', { name: '下一頁' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByRole('heading', { level: 2, name: /^炭疽病/ })).toHaveCount(0);
      await expectAccessible(page);

      // The Q&A's crop filter by the wizard's and the data's name finds the case a farmer called 芒果.
      await visit(page, '/consultation/advisory?crop=%E6%AA%AC%E6%9E%9C');
      await expect(page.getByText(/^共 1 筆/)).toBeVisible();
      await expect(page.getByRole('list').getByRole('listitem').filter({ hasText: '芒果' })).not.toHaveCount(0);
      // The search offers a crop's pages when its term names the crop by any of its names.
      await visit(page, '/search/bug?term=%E8%8A%92%E6%9E%9C');
      await expect(page.getByRole('note').filter({ hasText: '「芒果」即作物「檬果」' })).toBeVisible();
      await expect(page.getByRole('link', { name: '檬果的登記用藥' })).toHaveAttribute(
        'href',
        '/search/bug/crop?plant=%E6%AA%AC%E6%9E%9C',
      );
      // And the wizard's crop by the farmer's name.
      await visit(page, '/consultation?crop=%E8%8A%92%E6%9E%9C');
      await expect(page).toHaveURL(/\/consultation\?id=5$/);
      await expect(page.getByRole('heading', { level: 1, name: '病蟲害診斷：檬果' })).toBeVisible();
    },
  );

  test('a Simplified-Chinese query finds the Traditional record', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/search/bug?term=%E4%B8%9C%E6%96%B9%E6%9E%9C%E5%AE%9E%E8%9D%87');
    await expect(results(page).getByRole('link').first()).toContainText('東方果實蠅');
  });

  test('a query without results explains itself and suggests near names', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/search/bug?term=%E7%82%AD%E8%9B%86%E7%97%85');
    await expect(page.getByText('查無「炭蛆病」的相關資料，可能是關鍵字有誤，以下是相近的建議：')).toBeVisible();
    const suggestions = page.getByRole('list', { name: '相近的建議' });
    await expect(suggestions.getByRole('link').filter({ hasText: '炭疽病' }).first()).toBeVisible();
    await expect(page.getByText(/符合條件 0 筆/)).toBeVisible();
  });

  test(
    'bad search input gets a clear message and a 4xx, and markup in a term stays text',
    { tag: oneViewport },
    async ({ page }) => {
      const long = await page.goto(`/search/bug?term=${encodeURIComponent('蟲'.repeat(101))}`);
      expect(long?.status()).toBe(400);
      await expectAccessible(page);
      await expect(page.getByRole('alert')).toHaveText('關鍵字不可超過 100 個字');
      await expect(page.getByRole('searchbox', { name: '關鍵字' })).toHaveAttribute('aria-invalid', 'true');

      await visit(page, `/search/bug?term=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
      await expect(page.getByText(/查無「<img src=x onerror=alert\(1\)>」的相關資料/)).toBeVisible();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
    },
  );

  test('type filter, grid view and pages live in the address', async ({ page }) => {
    test.slow();
    await visit(page, '/search');
    await expect(page).toHaveURL('/search/bug');
    await expect(
      page.getByRole('navigation', { name: '查詢選單' }).getByRole('link', { name: '病蟲害查詢' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(results(page).getByRole('listitem')).toHaveCount(10);

    await page.getByRole('checkbox', { name: '害蟲' }).uncheck();
    await page.getByRole('checkbox', { name: '益蟲' }).uncheck();
    await page.getByRole('checkbox', { name: '蟎類' }).uncheck();
    await page.getByRole('button', { name: '搜尋' }).click();
    await expect(page).toHaveURL('/search/bug?ty=n%2Cn%2Cy%2Cn');
    await expectAccessible(page);
    await expect(page.getByRole('checkbox', { name: '病害' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '害蟲' })).not.toBeChecked();
    for (const kind of await results(page).locator('.record-card__kind').allTextContents())
      expect(kind).toMatch(/^病害/);

    await page.getByRole('link', { name: /格狀/ }).click();
    await expect(page).toHaveURL('/search/bug?ty=n%2Cn%2Cy%2Cn&view=grid');
    await expectAccessible(page);
    const total = Number((await page.getByText(/符合條件 \d+ 筆/).textContent())?.match(/符合條件 (\d+) 筆/)?.[1]);
    await expect(results(page).getByRole('listitem')).toHaveCount(Math.min(total, 40));

    await page.getByRole('link', { name: /列表/ }).click();
    await expect(page).toHaveURL('/search/bug?ty=n%2Cn%2Cy%2Cn');
    await page.getByRole('navigation', { name: '分頁' }).getByRole('link', { name: '下一頁' }).click();
    await expect(page).toHaveURL('/search/bug?ty=n%2Cn%2Cy%2Cn&page=2');
    await expect(page.getByText(/顯示第 11–/)).toBeVisible();
    await expectAccessible(page);

    // A new keyword starts again at page 1, keeping the filter.
    await page.getByRole('searchbox', { name: '關鍵字' }).fill('病');
    await page.getByRole('button', { name: '搜尋' }).click();
    await expect(page).toHaveURL('/search/bug?term=%E7%97%85&ty=n%2Cn%2Cy%2Cn');
    await expectAccessible(page);

    await page.goBack();
    await expect(page).toHaveURL('/search/bug?ty=n%2Cn%2Cy%2Cn&page=2');
    await expect(page.getByText(/顯示第 11–/)).toBeVisible();
    await expectAccessible(page);
  });

  test('each layout shows its own tabs, and every tab has its own address', async ({ page }) => {
    test.slow();
    await visit(page, '/search/bug?term=%E6%9D%B1%E6%96%B9%E6%9E%9C%E5%AF%A6%E8%A0%85');
    const pestHref = await results(page).getByRole('link').first().getAttribute('href');
    await visit(page, `${pestHref}&tab=harm-photos`);
    expect(await tabNames(page)).toEqual(pestTabs);
    await expect(page.getByRole('tab', { name: '為害照片' })).toHaveAttribute('aria-selected', 'true');
    if ((page.viewportSize()?.width ?? 1280) < 600) {
      // On a phone: one row of tabs that scrolls sideways, the selected one scrolled into it, and
      // the tab's content starting in the first screen.
      const list = await page.getByRole('tablist').boundingBox();
      expect(list!.height).toBeLessThan(70);
      const selected = await page.getByRole('tab', { name: '為害照片' }).boundingBox();
      expect(selected!.x).toBeGreaterThanOrEqual(list!.x - 1);
      expect(selected!.x + selected!.width).toBeLessThanOrEqual(list!.x + list!.width + 1);
      const panel = await page.getByRole('tabpanel').boundingBox();
      expect(panel!.y).toBeLessThan(400);
      await shoot(page, test.info(), 'record-tabs', false);
    }
    await page.getByRole('tab', { name: '分類' }).click();
    const table = page.getByRole('table', { name: '分類地位' });
    for (const rank of ['綱', '目', '科', '屬', '種'])
      await expect(table.getByRole('rowheader', { name: rank })).toBeVisible();
    await expect(table).toContainText('Bactrocera');
    await expectAccessible(page);

    await visit(page, '/search/bug?ty=n%2Cy%2Cn%2Cn');
    const beneficialHref = await results(page).getByRole('link').first().getAttribute('href');
    await visit(page, beneficialHref!);
    expect(await tabNames(page)).toEqual(beneficialTabs);
  });

  test(
    'an unknown record id gives a 404 page, a malformed one a 400 page, both with a way back',
    { tag: oneViewport },
    async ({ page }) => {
      for (const [id, status, heading] of [
        ['99999999', 404, '找不到這筆資料'],
        ['', 404, '找不到這筆資料'],
        ['abc', 400, '網址有誤'],
      ] as const) {
        const response = await page.goto(`/search/bug/detail?id=${id}`);
        expect(response?.status()).toBe(status);
        await expectAccessible(page);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('link', { name: '回病蟲害查詢列表' })).toHaveAttribute('href', '/search/bug');
        await expect(page.getByRole('link', { name: '回到首頁' })).toHaveAttribute('href', '/');
      }
    },
  );

  test('the old card address forwards to the record page', { tag: oneViewport }, async ({ page }) => {
    const response = await page.goto('/search/detail?id=1');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/search\/detail\?id=1$/);
    await expect(page).toHaveURL('/search/bug/detail?id=1');
    await expectAccessible(page);
  });

  test('a pesticide name without registered uses shows the no-data notice', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/search/bug/detail2?name=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E7%97%85%E5%AE%B3');
    await expect(page.getByText('目前沒有「不存在的病害」的登記用藥資料')).toBeVisible();
    await expect(page.getByText('實際用藥請以農藥標示為準。')).toBeVisible();
  });

  test('home lists hot and new records', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/');
    const hot = page.getByRole('region', { name: '熱門查詢' });
    const latest = page.getByRole('region', { name: '最新資料' });
    await expect(hot.getByRole('link').first()).toHaveAttribute('href', /\/search\/bug\/detail\?id=\d+$/);
    await expect(latest.getByRole('link').first()).toHaveAttribute('href', /\/search\/bug\/detail\?id=\d+$/);
  });
});

test.describe('records without JavaScript', { tag: oneViewport }, () => {
  test.use({ javaScriptEnabled: false });

  test('the search form, its filters and the record tabs work from the server alone', async ({ page }) => {
    test.slow();
    await visit(page, '/search/bug');
    await page.getByRole('searchbox', { name: '關鍵字' }).fill('炭疽病');
    await page.getByRole('checkbox', { name: '害蟲' }).uncheck();
    await page.getByRole('button', { name: '搜尋' }).click();
    await expect(page).toHaveURL('/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85&ty=n%2Cy%2Cy%2Cy');
    await expectAccessible(page);

    const href = await results(page).getByRole('link').first().getAttribute('href');
    await visit(page, href!);
    await page.getByRole('tab', { name: '病害生態' }).click();
    await expect(page).toHaveURL(/tab=ecology&list=/);
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: '病害生態' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: '相簿' }).click();
    await expectAccessible(page);
    // Before any script, a thumbnail is a plain link to the full picture.
    const picture = await page.getByRole('tabpanel').getByRole('link').first().getAttribute('href');
    const response = await page.request.get(picture!);
    expect(response.headers()['content-type']).toMatch(/^image\//);
  });
});
