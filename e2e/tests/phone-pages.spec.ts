import type { Page } from '@playwright/test';
import { expect, expectAccessible, oneViewport, test, visit } from '../fixtures';
import { shoot } from '../support/test-helpers';

/** The public pages as farmers meet them on a phone: each checked at 360 and 1280 px. */

async function expectTapTarget(page: Page, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { width: box.width, height: box.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
}

const autoplayState = (page: Page) =>
  page.locator('.banner-slider .swiper').evaluate((element) => {
    const { autoplay } = (element as HTMLElement & { swiper: { autoplay: { running: boolean; paused: boolean } } })
      .swiper;
    return { running: autoplay.running, paused: autoplay.paused };
  });

test.describe('home banner', () => {
  test('slides fit the screen, dots are 24 px targets, autoplay pauses on hover and focus and has a pause button', async ({
    page,
  }, testInfo) => {
    await visit(page, '/');
    const slider = page.getByRole('region', { name: '焦點橫幅' });
    const viewportWidth = page.viewportSize()?.width ?? 0;
    // Pointing at the banner loads the slider.
    await slider.hover();
    await expect(slider.locator('.swiper-pagination-bullet').first()).toBeVisible();
    for (const slide of await slider.locator('.swiper-slide').all()) {
      expect((await slide.boundingBox())?.width).toBeLessThanOrEqual(viewportWidth);
    }
    const caption = slider.locator('.swiper-slide-active .banner-slide__text');
    const captionBox = await caption.boundingBox();
    const nextBox = await slider.locator('.swiper-button-next').boundingBox();
    expect(captionBox && nextBox).toBeTruthy();
    // The caption's text never lies under the arrows.
    const text = await caption.locator('.banner-slide__title').boundingBox();
    if (text && nextBox) expect(text.x + text.width).toBeLessThanOrEqual(nextBox.x + 1);
    await expectTapTarget(page, '.banner-slider .swiper-pagination-bullet');
    await expectTapTarget(page, '.banner-slider__autoplay');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewportWidth);

    // Hovering pauses the autoplay (Swiper's pauseOnMouseEnter).
    await expect.poll(async () => (await autoplayState(page)).paused).toBe(true);
    await page.mouse.move(0, 0);
    await page.getByRole('search').getByRole('searchbox', { name: '關鍵字' }).hover();
    await expect.poll(async () => (await autoplayState(page)).paused).toBe(false);

    // Focus inside the banner pauses it too; leaving it resumes.
    await slider.locator('.swiper-pagination-bullet').first().focus();
    await expect.poll(async () => (await autoplayState(page)).paused).toBe(true);
    await page.getByRole('search').getByRole('searchbox', { name: '關鍵字' }).focus();
    await expect.poll(async () => (await autoplayState(page)).paused).toBe(false);

    // The visible button stops it for good and starts it again.
    const pause = slider.getByRole('button', { name: '暫停自動輪播' });
    await expect(pause).toBeVisible();
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await autoplayState(page)).running).toBe(false);
    await expectAccessible(page);
    await shoot(page, testInfo, 'home-banner', false);
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await autoplayState(page)).running).toBe(true);
  });
});

const mangoAnthracnose = '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85&plant=%E6%AA%AC%E6%9E%9C';

test.describe('pesticide comparison', () => {
  test('one line per product with the key fields, the rest on expand, a mode-of-action filter and print', async ({
    page,
  }, testInfo) => {
    test.slow();
    await visit(page, mangoAnthracnose);
    const panel = page.getByRole('tabpanel');
    const rows = panel.getByRole('list').first().getByRole('listitem');
    const total = await rows.count();
    expect(total).toBeGreaterThan(10);
    const first = rows.first();
    const summary = first.locator('summary');
    for (const label of ['稀釋倍數', '安全採收期（天）', '施用次數']) {
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(first.getByText('施藥方法', { exact: true })).toBeHidden();
    // A row is short: every product of the crop fits in a few screens at 360 px.
    const rowHeight = (await summary.boundingBox())?.height ?? 0;
    expect(rowHeight).toBeLessThanOrEqual(testInfo.project.name === 'mobile' ? 96 : 64);
    await shoot(page, testInfo, 'pesticide-compact');

    await summary.click();
    await expect(first.getByText('施藥方法', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Filter by a mode-of-action group: the address keeps it; fewer rows, each of that group.
    const filter = page.getByRole('search', { name: '篩選登記用藥' });
    const select = filter.getByRole('combobox', { name: '作用機制群組' });
    await select.selectOption('FRAC 3');
    await filter.getByRole('button', { name: '篩選' }).click();
    await expect(page).toHaveURL(/moa=FRAC(\+|%20)3/);
    await expect(panel.getByText(/^作用機制 FRAC 3：\d+ 筆/)).toBeVisible();
    const filtered = await rows.count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    await expect(select).toHaveValue('FRAC 3');
    await expectTapTarget(page, '.pesticide-filter__field select');
    await expectAccessible(page);

    // Printed, every product is whole (closed rows too) and the controls are left out.
    await page.emulateMedia({ media: 'print' });
    await expect(rows.nth(1).getByText('施藥方法', { exact: true })).toBeVisible();
    await expect(filter).toBeHidden();
    await expect(page.getByRole('button', { name: /列印比較表/ })).toBeHidden();
    await shoot(page, testInfo, 'pesticide-print');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: /列印比較表/ })).toBeVisible();
  });

  test('the crop-first lookup’s crop field is a full-size target that a phone does not zoom into', async ({ page }) => {
    await visit(page, '/search/bug/crop?plant=%E6%AA%AC%E6%9E%9C');
    const field = page.getByRole('combobox', { name: /作物/ });
    await expect(field).toHaveValue('檬果');
    await expectTapTarget(page, '.pesticide-filter__field input');
    expect(await field.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(
      16,
    );
  });

  test.describe('without JavaScript', { tag: oneViewport }, () => {
    test.use({ javaScriptEnabled: false });
    test('rows expand and the filter submits', async ({ page }) => {
      test.slow();
      await visit(page, mangoAnthracnose);
      const rows = page.getByRole('tabpanel').getByRole('list').first().getByRole('listitem');
      const first = rows.first();
      await first.locator('summary').click();
      await expect(first.getByText('施藥方法', { exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: '作用機制群組' }).selectOption('FRAC 3');
      await page.getByRole('button', { name: '篩選' }).click();
      await expect(page).toHaveURL(/moa=FRAC(\+|%20)3/);
      await expectAccessible(page);
      await expect(page.getByText(/^作用機制 FRAC 3：\d+ 筆/)).toBeVisible();
    });
  });
});

test.describe('IPM sheet on a phone', () => {
  test('the PDF is a card with open and download (size) below 768 px, the 650 px frame above', async ({
    page,
  }, testInfo) => {
    await visit(page, '/IPM/detail?id=1');
    const frame = page.locator('iframe.rr-pdf__frame');
    const open = page.getByRole('link', { name: /開啟 PDF/ });
    await expect(open).toContainText(/（\d+ KB）/);
    await expect(page.getByRole('link', { name: /下載 PDF/ })).toContainText(/（\d+ KB）/);
    if (testInfo.project.name === 'mobile') {
      await expect(frame).toBeHidden();
      const card = page.locator('.rr-pdf__card');
      await expect(card).toBeVisible();
      await expect(card).toContainText(/PDF 文件 · \d+ KB/);
      // The card and both buttons are in the first screen.
      expect(((await open.boundingBox())?.y ?? 9999) + 44).toBeLessThanOrEqual(740);
      const response = await page.request.get((await open.getAttribute('href')) ?? '');
      expect(response.headers()['content-type']).toBe('application/pdf');
    } else {
      await expect(frame).toBeVisible();
    }
    await shoot(page, testInfo, 'ipm-sheet', false);
  });
});

test.describe('search list state', { tag: oneViewport }, () => {
  test('a record opened from the list goes back to the same list: term, types, view and page', async ({ page }) => {
    test.slow();
    const list = '/search/bug?term=%E7%97%85&ty=n%2Cn%2Cy%2Cn&view=grid';
    await visit(page, list);
    const card = page.getByRole('list', { name: '查詢結果' }).getByRole('link').first();
    const href = (await card.getAttribute('href')) ?? '';
    expect(new URL(href, 'http://x').searchParams.get('list')).toBe('term=%E7%97%85&ty=n%2Cn%2Cy%2Cn&view=grid');
    const [record] = await Promise.all([page.waitForEvent('popup'), card.click()]);
    await record.waitForLoadState('load');
    await expectAccessible(record);
    // Tabs carry the state too.
    await record.getByRole('tab', { name: '相簿' }).click();
    await expect(record).toHaveURL(/tab=album&list=/);
    await expectAccessible(record);
    await record.getByRole('link', { name: /回列表/ }).click();
    await expect(record).toHaveURL(list);
    await expectAccessible(record);
    await expect(record.getByRole('searchbox', { name: '關鍵字' }).first()).toHaveValue('病');
    await record.close();
  });
});

test.describe('printable factsheet', () => {
  test('a record prints as a factsheet: names, pictures, harm, control, pesticide summary on at most two A4 pages', async ({
    page,
  }, testInfo) => {
    await visit(page, '/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85');
    const card = page.getByRole('list', { name: '查詢結果' }).getByRole('link').first();
    const href = (await card.getAttribute('href')) ?? '';
    await visit(page, href);
    await page.getByRole('link', { name: /列印資料卡/ }).click();
    await expect(page).toHaveURL(/\/search\/bug\/factsheet\?id=\d+$/);
    await expectAccessible(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('炭疽病');
    for (const heading of ['病徵', '防治方法', '登記用藥摘要']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: '照片' }).getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('row', { name: /檬果/ })).toBeVisible();
    await expect(page.getByRole('button', { name: '列印資料卡' })).toBeVisible();
    await shoot(page, testInfo, 'factsheet');

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.getByRole('button', { name: '列印資料卡' })).toBeHidden();
    if (testInfo.project.name === 'desktop') {
      const pdf = await page.pdf({ format: 'A4' });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(2);
      await testInfo.attach('factsheet.pdf', { body: pdf, contentType: 'application/pdf' });
    }
  });
});

test.describe('album lightbox', { tag: oneViewport }, () => {
  test('a picture that arrives while the lightbox is open appears in it', async ({ page }) => {
    await visit(page, '/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85');
    const href =
      (await page.getByRole('list', { name: '查詢結果' }).getByRole('link').first().getAttribute('href')) ?? '';
    const id = Number(new URL(href, 'http://x').searchParams.get('id'));
    await visit(page, `/search/bug/detail?id=${id}&tab=album`);
    const thumbnails = page.getByRole('tabpanel').getByRole('link');
    const count = await thumbnails.count();
    expect(count).toBeGreaterThanOrEqual(2);

    // A picture arrives after the page was loaded: the album the server answers from now on has
    // one more (an existing picture of the record, stored again as a new album picture).
    let reads = 0;
    await page.route('**/api/info/bugPicList', async (route) => {
      reads += 1;
      const response = await route.fetch();
      const body = (await response.json()) as { d: Array<Record<string, unknown>> };
      const album = body.d.filter((picture) => picture.Class === 'album');
      const late = { ...album[0]!, id: 999_999, caption: '稍後加入的照片', sort: 9_999 };
      await route.fulfill({ response, json: { d: [...body.d, late] } });
    });
    await thumbnails.first().click();
    const lightbox = page.locator('.yarl__root');
    await expect(lightbox).toBeVisible();
    await expect.poll(() => reads).toBeGreaterThan(0);
    await expect(lightbox.locator('.yarl__counter')).toHaveText(`1 / ${count + 1}`);
    // The late picture can be reached: go back one from the first (the carousel wraps).
    await lightbox.getByRole('button', { name: '上一張' }).click();
    await expect(lightbox.getByText('稍後加入的照片').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('demo content says so', () => {
  test('demo researchers, organism texts and publications are labelled on their pages', async ({ page }, testInfo) => {
    test.slow();
    await visit(page, '/link/detail');
    await expect(page.getByRole('note').filter({ hasText: '示範資料：' })).toContainText('虛構');
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: '示範資料' })).toHaveCount(15);
    await shoot(page, testInfo, 'researchers-demo', false);

    await visit(page, '/search/bug/detail?id=1');
    await expect(page.locator('.record-detail__kind')).toContainText('示範資料');
    await expect(page.getByRole('note').filter({ hasText: '示範資料：' })).toContainText('網站團隊撰寫');
    // The label takes no line of its own: the tab's content still starts in the first screen.
    if (testInfo.project.name === 'mobile') {
      expect((await page.getByRole('tabpanel').boundingBox())!.y).toBeLessThan(400);
    }

    await visit(page, '/publication');
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toContainText('示範資料');
    await visit(page, '/publication/detail?id=1');
    await expect(page.getByRole('note').filter({ hasText: '示範資料：' })).toContainText('示範文件');
  });
});

test.describe('route prefetch', { tag: oneViewport }, () => {
  test("pointing at a link fetches the next page's code and data before the click", async ({ page }) => {
    await visit(page, '/IPM');
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    const card = page.locator('.rr-grid').getByRole('link').first();
    await card.hover();
    await expect.poll(() => fetched.some((url) => /\/assets\/ipm-detail-route-[^/]+\.js$/.test(url))).toBe(true);
    await expect.poll(() => fetched.some((url) => /\/IPM\/detail\.data\?id=\d+/.test(url))).toBe(true);
    await card.click();
    await expect(page).toHaveURL(/\/IPM\/detail\?id=\d+$/);
    await expectAccessible(page);
  });
});
