import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskEditor } from '../support/desk-fixture';
import { shoot, signInMember } from '../support/test-helpers';

// The storefront's reorder screen in /admin as an editor uses it, and the public page
// that shows the new order at once (its cached copy is dropped). At 360 px with the keyboard
// (the "上移" / "下移" buttons: a phone has no drag and drop), at 1280 px by dragging with the
// pointer and saving. Each size orders a collection of its own, so the two projects running side
// by side never see each other's order: product types at 360 px, course types at 1280 px. On the
// fixture server (support/start-fixture-server.ts), which holds an editor.

const site = `http://127.0.0.1:${fixturePort}`;

/** The labels of a side menu's links, in order. */
const menuLabels = (page: Page, name: string) =>
  page.getByRole('navigation', { name }).getByRole('link').allTextContents();

/** The titles on the reorder screen, in order. */
const screenOrder = (page: Page) => page.locator('.catalogue-reorder__title').allTextContents();

/** Signing in through the form is the accounts spec's: here the session comes from the login call. */
const signInEditor = (page: Page) => signInMember(page.request, deskEditor.account, deskEditor.password, site);

test.describe('the storefront reorder screen', () => {
  test('at 360 px: an editor moves a product type up by keyboard; /products lists the new order', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the desktop project drags (the next test)');
    test.setTimeout(60_000);
    await signInEditor(page);
    // The public page first, so a cached copy exists that the reorder must replace.
    await visit(page, `${site}/products`);
    expect(await menuLabels(page, '商品類別')).toEqual([
      '全部商品',
      '出版品',
      '性費洛蒙誘引劑',
      '生物防治資材',
      '課程',
    ]);

    // Editors find the screen from the collection's list in /admin.
    await visit(page, `${site}/admin/product-types`);
    await page.getByRole('link', { name: '調整順序' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/catalogue-order/product-types');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('排序：商品類別');
    await expectAccessible(page);
    expect(await screenOrder(page)).toEqual(['出版品', '性費洛蒙誘引劑', '生物防治資材']);
    await shoot(page, testInfo, 'reorder-product-types');
    const up = page.getByRole('button', { name: '上移 生物防治資材' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '已儲存新的順序。' })).toBeVisible();
    await expect.poll(() => screenOrder(page)).toEqual(['出版品', '生物防治資材', '性費洛蒙誘引劑']);
    // The first row cannot move up.
    await expect(page.getByRole('button', { name: '上移 出版品' })).toBeDisabled();
    await expectAccessible(page);

    await visit(page, `${site}/products`);
    expect(await menuLabels(page, '商品類別')).toEqual([
      '全部商品',
      '出版品',
      '生物防治資材',
      '性費洛蒙誘引劑',
      '課程',
    ]);
  });

  test('at 1280 px: an editor drags a course type to the top and saves; /courses/content lists the new order', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the mobile project uses the buttons (the previous test)');
    await signInEditor(page);
    await visit(page, `${site}/courses/content`);
    expect(await menuLabels(page, '課程類別')).toEqual(['全部課程', '研習課程', '線上講座']);
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections.filter({ hasText: /研習課程|線上講座/ })).toHaveText(['研習課程', '線上講座']);

    await visit(page, `${site}/admin/catalogue-order/course-types`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('排序：課程類別');
    const row = (title: string) => page.locator('.catalogue-reorder__item').filter({ hasText: title });
    await row('線上講座').dragTo(row('研習課程'));
    expect(await screenOrder(page)).toEqual(['線上講座', '研習課程']);
    // Until saved, the rows' own buttons are off and the order can be saved or dropped.
    await expect(page.getByRole('button', { name: '下移 線上講座' })).toBeDisabled();
    await expectAccessible(page);
    await shoot(page, testInfo, 'reorder-course-types-dragged');
    await page.getByRole('button', { name: '儲存順序' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已儲存新的順序。' })).toBeVisible();
    await expect(page.getByRole('button', { name: '儲存順序' })).toHaveCount(0);
    await expect.poll(() => screenOrder(page)).toEqual(['線上講座', '研習課程']);
    await expectAccessible(page);

    await visit(page, `${site}/courses/content`);
    expect(await menuLabels(page, '課程類別')).toEqual(['全部課程', '線上講座', '研習課程']);
    await expect(sections.filter({ hasText: /研習課程|線上講座/ })).toHaveText(['線上講座', '研習課程']);
  });
});
