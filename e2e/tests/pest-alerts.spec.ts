import { fixturePort } from '../playwright.config';
import { expect, expectAccessible, oneViewport, prepareContext, test, waitForHydration } from '../fixtures';
import { deskEditor } from '../support/desk-fixture';
import { shoot, signInMember, signUpMember } from '../support/test-helpers';

// The desk server has an editor of its own (support/start-desk-server.ts).
const site = `http://127.0.0.1:${fixturePort}`;

/**
 * Pest alerts (decisions 0402–0404): an editor writes and publishes an alert in /admin at 1280 px; a
 * farmer at 360 px sees it on the home page and on the crop's pesticide lookup, and subscribes by
 * e-mail (a confirmation mail comes first), signed in as a member: 「我的通知」 on /member lists the
 * subscription and cancels it from the keyboard (decision 0426).
 */
test(`an editor publishes a pest alert; a farmer on a phone sees it and subscribes by e-mail ${oneViewport}`, async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const text = `示範警報${Date.now().toString(36)}：近日多雨，稻熱病風險升高，請加強巡田。`;
  await page.goto(`${site}/login?redirect=${encodeURIComponent('/admin/pest-alerts/new')}`);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^帳號/ }).fill(deskEditor.account);
  await page.getByRole('textbox', { name: /^密碼/ }).fill(deskEditor.password);
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL('**/admin/pest-alerts/new');
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^作物/ }).fill('稻米');
  await page.getByRole('checkbox', { name: '臺中市' }).check();
  await page.getByRole('checkbox', { name: '彰化縣' }).check();
  await page.getByRole('textbox', { name: /^警報內容/ }).fill(text);
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: /^開始日期/ }).fill(today);
  await page.getByRole('textbox', { name: /^結束日期/ }).fill('2000-01-01');
  await page.getByRole('button', { name: '新增' }).click();
  // An end before the start is said beside its field.
  await expect(page.getByText('結束日期不可早於開始日期')).toBeVisible();
  await page.getByRole('textbox', { name: /^結束日期/ }).fill('2099-12-31');
  await page.getByRole('button', { name: '新增' }).click();
  await page.waitForURL(/\/admin\/pest-alerts\/\d+\?done=created$/);
  await expect(page.getByText('草稿').first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, testInfo, 'alert-draft');
  await page.getByRole('button', { name: '發布並通知訂閱者' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已發布，正在通知訂閱者。' })).toBeVisible();
  await expectAccessible(page);

  // The farmer, on a phone: the home page shows the alert; its link leads to the subscription.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'zh-TW', isMobile: true });
  await prepareContext(phone);
  const farmer = await phone.newPage();
  // A member, signed in: what they subscribe to shows on /member.
  const member = { account: `alerts${Date.now().toString(36)}`, name: '警報會員', password: 'Rice-Field-2026!' };
  await signUpMember(farmer.request, member, site);
  await signInMember(farmer.request, member.account, member.password, site);
  await farmer.goto(`${site}/`);
  await waitForHydration(farmer);
  const alerts = farmer.getByRole('region', { name: '病蟲害警報' });
  await expect(alerts.getByText(text)).toBeVisible();
  await expect(alerts).toContainText('臺中市、彰化縣');
  await expectAccessible(farmer);
  await shoot(farmer, testInfo, 'alert-home-360');
  // The crop's pesticide lookup shows it too.
  await farmer.goto(`${site}/search/bug/crop?plant=${encodeURIComponent('水稻')}`);
  await expect(farmer.getByRole('region', { name: '病蟲害警報' }).getByText(text)).toBeVisible();
  await expectAccessible(farmer);

  await farmer.goto(`${site}/`);
  await waitForHydration(farmer);
  await farmer
    .getByRole('region', { name: '病蟲害警報' })
    .getByRole('listitem')
    .filter({ hasText: text })
    .getByRole('link', { name: '訂閱水稻警報' })
    .click();
  await farmer.waitForURL(/\/alerts\?crop=/);
  await waitForHydration(farmer);
  await expect(farmer.getByRole('combobox', { name: '作物' })).toHaveValue('水稻');
  // The way back, as on every public page.
  const trail = farmer.getByRole('navigation', { name: '麵包屑' });
  await expect(trail.getByRole('link', { name: '首頁' })).toHaveAttribute('href', '/');
  await expect(trail.getByText('病蟲害警報')).toBeVisible();
  // Nothing chosen: the page says what is missing, beside the fields.
  await farmer.getByRole('button', { name: '以電子郵件訂閱' }).click();
  await expect(farmer.getByText('請至少選擇一個縣市')).toBeVisible();
  await expectAccessible(farmer);
  await farmer.getByRole('checkbox', { name: '臺中市' }).check();
  await farmer.getByRole('textbox', { name: '電子郵件' }).fill(`${member.account}@example.org`);
  await farmer.getByRole('button', { name: '以電子郵件訂閱' }).click();
  await expect(farmer.getByRole('status').filter({ hasText: '已寄出確認信' })).toBeVisible();
  const width = await farmer.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(360);
  await expectAccessible(farmer);
  await shoot(farmer, testInfo, 'alert-subscribed-360');

  // By LINE (decision 0420): offered once the discussion area knows the farmer's LINE identity.
  await expect(farmer.getByRole('link', { name: '專家討論區' })).toBeVisible();
  await farmer.goto(`${site}/expert`);
  await waitForHydration(farmer);
  await farmer.getByLabel('示範名稱').fill('警報農友');
  await farmer.getByRole('button', { name: '以示範身分登入' }).click();
  await expect(farmer.getByText('示範：警報農友')).toBeVisible();
  await farmer.goto(`${site}/alerts?crop=${encodeURIComponent('水稻')}`);
  await waitForHydration(farmer);
  await farmer.getByRole('checkbox', { name: '彰化縣' }).check();
  await farmer.getByRole('button', { name: '以 LINE 訂閱' }).click();
  await expect(farmer.getByRole('status').filter({ hasText: '的警報會以 LINE 傳給' })).toBeVisible();
  await expectAccessible(farmer);

  // 「我的通知」 on /member (decision 0426): the e-mail subscription, waiting for its link; 取消 by keyboard.
  await farmer.goto(`${site}/member`);
  await waitForHydration(farmer);
  const notices = farmer.getByRole('region', { name: '我的通知' });
  const row = notices.getByRole('listitem').filter({ hasText: '水稻・臺中市' });
  await expect(row).toContainText(`電子郵件（${member.account}@example.org）・尚未確認`);
  await expect(row.getByRole('time')).toBeVisible();
  await expectAccessible(farmer);
  expect(await farmer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(farmer, testInfo, 'member-alerts-360');
  const cancel = row.getByRole('button', { name: /^取消\s*：水稻・臺中市（電子郵件）$/ });
  await cancel.focus();
  await farmer.keyboard.press('Enter');
  await expect(notices.getByRole('status')).toHaveText('已取消這項通知。');
  await expect(notices.getByRole('status')).toBeFocused();
  await expect(notices).toContainText('您目前沒有訂閱病蟲害警報。');
  await expectAccessible(farmer);

  // A mail's unsubscribe link opens a page with one button; its trail leads back to the alerts.
  await farmer.goto(`${site}/alerts/unsubscribe?token=${'x'.repeat(43)}`);
  await expect(farmer.getByRole('heading', { level: 1, name: '取消訂閱病蟲害警報' })).toBeVisible();
  await expect(
    farmer.getByRole('navigation', { name: '麵包屑' }).getByRole('link', { name: '病蟲害警報' }),
  ).toHaveAttribute('href', '/alerts');
  await expectAccessible(farmer);
  await phone.close();
});
