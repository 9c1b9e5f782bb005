import type { Page } from '@playwright/test';
import { expect, oneViewport, expectAccessible, test, visit, phoneJourney } from '../fixtures';

/** Follows an in-app link and checks the page it leads to. */
async function follow(page: Page, link: ReturnType<Page['getByRole']>, url: RegExp | string) {
  await link.click();
  await expect(page).toHaveURL(url);
  await expectAccessible(page);
}

test.describe('reading room', () => {
  test('home news tabs switch class and keep it in the address', { tag: phoneJourney }, async ({ page }) => {
    await visit(page, '/');
    const news = page.getByRole('region', { name: '最新消息' });
    const tabs = news.getByRole('tablist', { name: '消息類別' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['全部', '果樹', '糧作', '花卉', '蔬菜', '菇類']);
    await expect(tabs.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    await expect(news.getByRole('tabpanel').getByRole('listitem')).toHaveCount(6);
    // At 360 px the row scrolls sideways and says that more tabs follow (decision 0374).
    const moreAfter = news.locator('.link-tabs__more--after');
    await expect(moreAfter).toBeVisible();
    await expect(tabs.getByRole('tab', { name: '菇類' })).not.toBeInViewport({ ratio: 1 });

    await tabs.getByRole('tab', { name: '菇類' }).click();
    await expect(page).toHaveURL('/?news=mushroom');
    await expect(tabs.getByRole('tab', { name: '菇類' })).toHaveAttribute('aria-selected', 'true');
    await expect(moreAfter).toHaveCount(0);
    await expect(news.locator('.link-tabs__more--before')).toBeVisible();
    const items = news.getByRole('tabpanel').getByRole('listitem');
    await expect(items).toHaveCount(6);
    for (const item of await items.all()) await expect(item).toContainText('菇類');
    await expectAccessible(page);

    // The home IPM topic list leads to its category.
    const topics = page.getByRole('region', { name: 'IPM 專區' });
    await follow(page, topics.getByRole('link', { name: /^花卉/ }), `/IPM?term=${encodeURIComponent('花卉')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('IPM 專區：花卉');
  });

  test('IPM category → sheet → embedded PDF that downloads under its Chinese name', async ({ page }) => {
    // Several axe runs on pages with an embedded PDF viewer: allow more than the default time.
    test.slow();
    await visit(page, '/IPM');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('IPM 專區：水稻');

    // The floating search button sits 500 px below the top of the window; on a phone
    // it waits in the bottom corner instead of lying over the cards.
    const floating = page.getByRole('link', { name: 'IPM 查詢' });
    await expect(floating).toHaveAttribute('href', '/search/IPM');
    const viewport = page.viewportSize()!;
    const button = (await floating.boundingBox())!;
    if (viewport.width < 600) expect(Math.round(button.y + button.height)).toBe(viewport.height - 16);
    else expect(button.y).toBe(500);

    await follow(
      page,
      page.getByRole('navigation', { name: 'IPM 類別' }).getByRole('link', { name: '蔬菜' }),
      `/IPM?term=${encodeURIComponent('蔬菜')}`,
    );
    await follow(page, page.getByRole('link', { name: '番茄晚疫病整合管理' }), /\/IPM\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('番茄晚疫病整合管理');

    // The 650 px frame from 768 px; on a phone a card to open or download it.
    const viewer = page.locator('iframe[title="番茄晚疫病整合管理（PDF 文件）"]');
    if (viewport.width < 768) {
      await expect(viewer).toBeHidden();
      await expect(page.getByText(/^PDF 文件 · \d+ KB/)).toBeVisible();
      await expect(page.getByRole('link', { name: /開啟 PDF/ })).toContainText(/（\d+ KB）/);
    } else {
      await expect(viewer).toBeVisible();
      expect((await viewer.boundingBox())?.height).toBe(650);
    }
    const source = await viewer.getAttribute('src');
    const pdf = await page.request.get(source ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /下載 PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('番茄晚疫病整合管理.pdf');
    await expectAccessible(page);

    await follow(page, page.getByRole('link', { name: '回蔬菜列表' }), `/IPM?term=${encodeURIComponent('蔬菜')}`);
  });

  test(
    'an IPM sheet lists its other files, and an unknown sheet is a 404 with a way back',
    { tag: oneViewport },
    async ({ page }) => {
      await visit(page, '/IPM/detail?id=1');
      const files = page.getByRole('region', { name: '其他檔案下載' });
      await expect(files.getByRole('link', { name: /福壽螺田間調查紀錄表\.csv/ })).toBeVisible();

      const response = await page.goto('/IPM/detail?id=99999');
      expect(response?.status()).toBe(404);
      await expectAccessible(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('找不到這筆資料');
      await follow(page, page.getByRole('link', { name: '回IPM 專區' }), '/IPM');
    },
  );

  test('IPM search with a quick-search chip and the keyword box', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/search/IPM');
    await expect(page.getByText(/全部 IPM 技術資料共 \d+ 筆/)).toBeVisible();
    await follow(page, page.getByRole('navigation', { name: '快速查詢' }).getByRole('link', { name: '番茄' }), /term=/);
    await expect(page.getByText('「番茄」共 2 筆')).toBeVisible();
    const box = page.getByRole('search').getByRole('searchbox', { name: '關鍵字' });
    await box.fill('查無此字');
    await box.press('Enter');
    // The new term's address: the chip's (term=番茄) matched at once, and axe checked the old page.
    await expect(page).toHaveURL(new RegExp(`/search/IPM\\?term=${encodeURIComponent('查無此字')}`));
    await expect(page.getByText('查無「查無此字」的 IPM 技術資料，請換個關鍵字再試。')).toBeVisible();
    await expectAccessible(page);
  });

  test('video and publication search mixes both kinds', { tag: oneViewport }, async ({ page }) => {
    await visit(page, `/search/video?term=${encodeURIComponent('福壽螺')}`);
    const main = page.getByRole('main');
    await expect(main.getByText('影片', { exact: true }).first()).toBeVisible();
    await expect(main.getByText('出版品', { exact: true }).first()).toBeVisible();
    await follow(page, page.getByRole('link', { name: '水稻福壽螺綜合防治示範' }), /\/video\/detail\?id=\d+$/);
  });

  test('publication year tabs and paging', async ({ page }) => {
    // Several axe runs on pages with an embedded PDF viewer: allow more than the default time.
    test.slow();
    await visit(page, '/publication');
    const tabs = page.getByRole('tablist', { name: '出版年份' });
    await expect(tabs.getByRole('tab', { name: '2021-2025' })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('tabpanel').getByRole('article');
    await expect(cards).toHaveCount(16);
    await expect(page.getByText('2021-2025 年共 18 筆出版品')).toBeVisible();
    // Covers sit two to a row on a phone and four to a row from 992 px.
    const tops = await cards.evaluateAll((items) => items.slice(0, 5).map((item) => item.getBoundingClientRect().top));
    const perRow = tops.filter((top) => top === tops[0]).length;
    expect(perRow).toBe((page.viewportSize()?.width ?? 0) >= 992 ? 4 : 2);

    await page.getByRole('link', { name: '下一頁' }).click();
    await expect(page).toHaveURL('/publication?page=2');
    await expect(cards).toHaveCount(2);
    await expectAccessible(page);

    await tabs.getByRole('tab', { name: '1995-1999' }).click();
    await expect(page).toHaveURL('/publication?years=1995-1999');
    await expect(cards).toHaveCount(3);
    // Titles without a year count as 1995.
    await expect(page.getByRole('link', { name: '農業推廣手冊：常見蔬菜害蟲識別' })).toBeVisible();
    await expectAccessible(page);

    await follow(page, page.getByRole('link', { name: /水稻飛蝨（1998）/ }), /\/publication\/detail\?id=\d+$/);
    // The same PDF viewer as IPM sheets: a card to open or download it on a phone.
    if ((page.viewportSize()?.width ?? 0) < 768)
      await expect(page.getByRole('link', { name: /開啟 PDF/ })).toBeVisible();
    else await expect(page.locator('iframe[title$="（PDF 文件）"]')).toBeVisible();
  });

  test(
    'video list shows the total and the detail plays the self-hosted demo clip',
    { tag: oneViewport },
    async ({ page, request }) => {
      await visit(page, '/video');
      await expect(page.getByText('共 12 部影片')).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(6);
      await follow(page, page.getByRole('article').first().getByRole('link'), /\/video\/detail\?id=\d+$/);
      const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      const video = page.locator('video');
      await expect(video).toBeVisible();
      await expect(video).toHaveAccessibleName(title);
      await expect(video).toHaveAccessibleDescription(/示範/);
      await expect(video).toHaveAttribute('poster', /^\/files\/public\/reading-room\/.+\.webp$/);

      const src = (await video.locator('source').getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/files\/video\/\d+$/);
      const file = await request.get(src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('video/webm');
      const part = await request.get(src, { headers: { range: 'bytes=0-99' } });
      expect(part.status()).toBe(206);
      await expect(page.getByRole('link', { name: /^下載影片檔（\d+ KB）$/ })).toHaveAttribute(
        'href',
        `${src}?download=1`,
      );

      // Chromium decodes the VP8 WebM and plays it.
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
      const state = await video.evaluate((element: HTMLVideoElement) => ({
        error: element.error,
        size: [element.videoWidth, element.videoHeight],
        duration: element.duration,
      }));
      expect(state).toMatchObject({ error: null, size: [640, 360] });
      expect(state.duration).toBeGreaterThanOrEqual(12);
      expect(state.duration).toBeLessThanOrEqual(15);
    },
  );

  test('quick-start detail downloads an attachment', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/quick');
    const items = page.getByRole('list', { name: '快速入門列表' }).getByRole('listitem');
    await expect(items).toHaveCount(10);
    await expect(items.first().locator('time')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    await follow(page, page.getByRole('link', { name: '如何查詢病蟲害資料' }), /\/quick\/detail\?id=\d+$/);
    await expect(page.getByText(/^更新日期 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

    const files = page.getByRole('region', { name: '檔案下載' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('link', { name: /病蟲害查詢操作說明\.pdf/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('病蟲害查詢操作說明.pdf');
    await expectAccessible(page);
  });

  test('related links, researchers and news', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/link');
    await expect(page.getByRole('link', { name: /農藥資訊服務網/ })).toHaveAttribute('target', '_blank');
    await follow(page, page.getByRole('link', { name: '研究人員' }), '/link/detail');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(15);

    await visit(page, '/news?class=grain');
    await expect(page.getByRole('tab', { name: '糧作' })).toHaveAttribute('aria-selected', 'true');
    await follow(page, page.getByRole('link', { name: '一期稻作稻熱病發生警報' }), /\/news\/detail\?id=\d+$/);
    await expect(page.getByText(/^發布日期 2025\/04\/28 08:30:00$/)).toBeVisible();
    await expect(page.getByRole('img', { name: '糧作消息示意插圖' })).toBeVisible();
    await expect(page.getByRole('region', { name: '附件下載' }).getByRole('link')).toHaveCount(1);
  });
});
