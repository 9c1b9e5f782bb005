import type { Page } from '@playwright/test';
import { expect, oneViewport, expectAccessible, test, visit, waitForHydration, phoneJourney } from '../fixtures';
import { shoot } from '../support/test-helpers';

const teamNotice = '此步驟為本站團隊所編，非機構原文。';

const levelHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^第 \d 步：/ });

test.describe('consultation wizard', () => {
  // Several axe runs per test, on a shared machine.
  test.slow();
  test(
    'from the home shortcut to a record, with Back, Previous and a crop change',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      await visit(page, '/');
      const shortcuts = page.getByRole('region', { name: '病蟲害諮詢' });
      await expect(shortcuts.getByRole('link')).toHaveText([
        '所有作物（病蟲害診斷）',
        '水稻病蟲害診斷',
        '甘藍病蟲害診斷',
        '番茄病蟲害診斷',
        '檬果病蟲害診斷',
        '柑橘病蟲害診斷',
        '瓜類病蟲害診斷',
        '影像諮詢',
      ]);
      await expect(shortcuts.getByRole('link', { name: '影像諮詢' })).toHaveAttribute('href', '/consultation/advisory');
      await shortcuts.scrollIntoViewIfNeeded();
      await shoot(page, testInfo, 'home');

      await shortcuts.getByRole('link', { name: /^水稻/ }).click();
      await expect(page).toHaveURL('/consultation?id=10');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('病蟲害診斷：水稻');
      await expect(levelHeading(page)).toHaveText('第 1 步：受害部位');
      await expect(page.getByRole('note')).toHaveText(teamNotice);
      const next = page.getByRole('button', { name: '下一步' });
      await expect(next).toBeDisabled();
      // Pictures are sized before they load: no layout shift.
      const picture = page.locator('.wizard-card__picture').first();
      await expect(picture).toHaveAttribute('width', '480');
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expectAccessible(page);
      await shoot(page, testInfo, 'level-1');

      await page.getByRole('radio', { name: '葉片' }).check();
      await expect(next).toBeEnabled();
      // Next stays on the screen once a card is chosen, wherever the cards are scrolled (decision 0372).
      await page.getByRole('radio', { name: '葉片' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(next).toBeInViewport();
      await next.click();
      await expect(page).toHaveURL(/\/consultation\?id=10&level=2&o=\d+$/);
      await expect(levelHeading(page)).toHaveText('第 2 步：看到的情形');
      await expect(levelHeading(page)).toBeFocused();
      await expectAccessible(page);
      const levelTwo = page.url();

      await page.getByRole('radio', { name: /^葉上有紡錘形病斑/ }).check();
      await page.getByRole('button', { name: '下一步' }).click();
      await expect(page).toHaveURL(/\/consultation\?id=10&level=3&o=\d+&o=\d+$/);
      await expect(levelHeading(page)).toHaveText('第 3 步：可能的病蟲害');
      const finals = page.getByRole('region', { name: '第 3 步：可能的病蟲害' });
      await expect(finals.getByRole('link', { name: /稻熱病 IPM 整合管理/ })).toHaveAttribute(
        'href',
        /^\/IPM\/detail\?id=\d+$/,
      );
      const extra = page.getByRole('region', { name: '找不到相似的結果？' });
      await expect(extra.getByRole('link', { name: /無相似結果，前往影像諮詢/ })).toHaveAttribute(
        'href',
        '/consultation/advisory',
      );
      await expect(extra.getByRole('link', { name: /填寫問卷/ })).toHaveAttribute(
        'href',
        'https://forms.gle/pest-feedback-e2e',
      );
      await expectAccessible(page);
      await shoot(page, testInfo, 'level-3');
      const levelThree = page.url();

      // Back returns to the previous step with its choice kept; Forward and reload come back to the same one.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`^${levelTwo.replace(/[?.]/g, '\\$&')}&o=\\d+$`));
      await expect(levelHeading(page)).toHaveText('第 2 步：看到的情形');
      await expect(page.getByRole('radio', { name: /^葉上有紡錘形病斑/ })).toBeChecked();
      await expect(page.getByRole('button', { name: '下一步' })).toBeEnabled();
      await page.goBack();
      await expect(levelHeading(page)).toHaveText('第 1 步：受害部位');
      await expect(page.getByRole('radio', { name: '葉片' })).toBeChecked();
      await expectAccessible(page);
      await page.goForward();
      await expect(levelHeading(page)).toHaveText('第 2 步：看到的情形');
      await page.goForward();
      await expect(page).toHaveURL(levelThree);
      await page.reload();
      await waitForHydration(page);
      await expect(levelHeading(page)).toHaveText('第 3 步：可能的病蟲害');

      // Previous keeps the choice made there.
      await page.getByRole('link', { name: '上一步' }).click();
      await expect(levelHeading(page)).toHaveText('第 2 步：看到的情形');
      await expect(page.getByRole('radio', { name: /^葉上有紡錘形病斑/ })).toBeChecked();
      await expect(page.getByRole('button', { name: '下一步' })).toBeEnabled();
      await expectAccessible(page);

      // Changing the crop starts at level 1.
      await page.getByRole('navigation', { name: '諮詢作物' }).getByRole('link', { name: '甘藍' }).click();
      await expect(page).toHaveURL('/consultation?id=9');
      await expect(levelHeading(page)).toHaveText('第 1 步：受害部位');
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      await expectAccessible(page);

      // Back to rice's last level, and on to the record.
      await page.goto(levelThree);
      await waitForHydration(page);
      await page.getByRole('link', { name: /^稻熱病 病蟲害資料/ }).click();
      await expect(page).toHaveURL(/\/search\/bug\/detail\?id=\d+&wizard=id%3D10%26level%3D3%26o%3D\d+%26o%3D\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('稻熱病');
      await expectAccessible(page);
      // The record keeps the spec's back-to-list and leads back to the wizard step it came from.
      await expect(page.getByRole('link', { name: /回列表/ })).toHaveAttribute('href', '/search/bug');
      await page.getByRole('link', { name: /回診斷步驟/ }).click();
      await expect(page).toHaveURL(levelThree);
      await expect(levelHeading(page)).toHaveText('第 3 步：可能的病蟲害');
      await expectAccessible(page);
    },
  );

  test('the whole walk by keyboard alone', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/consultation?id=3');
    const focusRadio = async () => {
      for (let presses = 0; presses < 40; presses += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio')) return;
      }
      throw new Error('no radio reached by Tab');
    };
    for (const [choice, heading] of [
      ['果實', '第 2 步：看到的情形'],
      ['果實有蛀孔，內有幼蟲', '第 3 步：可能的病蟲害'],
    ] as const) {
      await focusRadio();
      // Arrow keys move the choice within the group; stop on the wanted card.
      for (let presses = 0; presses < 10; presses += 1) {
        if (await page.getByRole('radio', { name: choice }).evaluate((radio) => radio === document.activeElement))
          break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { name: choice })).toBeChecked();
      await page.keyboard.press('Enter');
      await expect(levelHeading(page)).toHaveText(heading);
      await expect(levelHeading(page)).toBeFocused();
      await expectAccessible(page);
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^番茄夜蛾 病蟲害資料/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\/bug\/detail\?id=\d+&wizard=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('番茄夜蛾');
    await expectAccessible(page);
    // Back walks the steps with each choice kept (decision 0372).
    await page.goBack();
    await expect(levelHeading(page)).toHaveText('第 3 步：可能的病蟲害');
    for (const [choice, heading] of [
      ['果實有蛀孔，內有幼蟲', '第 2 步：看到的情形'],
      ['果實', '第 1 步：受害部位'],
    ] as const) {
      await page.goBack();
      await expect(levelHeading(page)).toHaveText(heading);
      await expect(page.getByRole('radio', { name: choice })).toBeChecked();
      await expectAccessible(page);
    }
  });

  test(
    'an unknown crop or a branch of another crop is a 404 with the way back',
    { tag: oneViewport },
    async ({ page }) => {
      const response = await page.goto('/consultation?id=999');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('找不到這個診斷步驟');
      await expectAccessible(page);
      const malformed = await page.goto('/consultation?id=10&o=1e3');
      expect(malformed?.status()).toBe(400);
      await expectAccessible(page);
    },
  );
});

test.describe('consultation wizard without JavaScript', { tag: oneViewport }, () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  test('plain GET forms and links walk to an IPM sheet', async ({ page }) => {
    await visit(page, '/consultation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('病蟲害診斷');
    await page.getByRole('main').locator('.wizard-cards').getByRole('link', { name: '檬果' }).click();
    await expect(page).toHaveURL('/consultation?id=5');
    await expectAccessible(page);
    // Without a choice the browser keeps the form (required), so the step stays.
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL('/consultation?id=5');
    await page.getByText('果實', { exact: true }).click();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(levelHeading(page)).toHaveText('第 2 步：看到的情形');
    await expectAccessible(page);
    await page.getByText('果皮有產卵孔，果肉內有蛆').click();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(levelHeading(page)).toHaveText('第 3 步：可能的病蟲害');
    await expectAccessible(page);
    await page.getByRole('link', { name: /果實蠅區域共同防治 IPM/ }).click();
    await expect(page).toHaveURL(/\/IPM\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('東方果實蠅區域共同防治');
    await expectAccessible(page);
  });
});
