import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures';

/** The public pages as farmers meet them on a phone (issue 15): each checked at 360 and 1280 px. */

/** A full-page screenshot kept in the test's output folder and attached to the report, to be looked at. */
async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

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

test.describe('home banner (issue 15 #1)', () => {
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

test.describe('pesticide comparison (issue 15 #3)', () => {
  test('one line per product with the key fields, the rest on expand, a mode-of-action filter and print', async ({
    page,
  }, testInfo) => {
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

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('rows expand and the filter submits', async ({ page }) => {
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
