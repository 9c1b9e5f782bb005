import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, expectFocusOnRobotCheck, phoneJourney, test, visit } from '../fixtures';
import { mailboxPort } from '../support/smtp-peer-ports';
import { shoot, signInMember, signUpMember } from '../support/test-helpers';

// The storefront as a member meets it: browse the catalogue, add the same
// product twice (quantity 2, one line in the header's count), send the inquiry with the robot
// check, see the confirmation and the empty cart, and find the mail at the SMTP peer. Every page
// is checked with axe, at 360 and 1280 px (the two projects).

const formSent = 'The form has been sent successfully, we will contact you as soon as possible!';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the mail to an address whose subject contains `subject` (registering sends one first). */
async function mailTo(address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${mailboxPort}/mails?to=${encodeURIComponent(address)}`);
        found = ((await response.json()) as Mail[]).find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function passRobotCheck(page: Page) {
  const widget = page.locator('altcha-widget');
  await widget.getByText('我不是機器人').click();
  await expect(widget.getByText('已驗證')).toBeVisible({ timeout: 15_000 });
}

/** The header's INQUIRY entry, unfolding the menu first on narrow screens. */
async function inquiryLink(page: Page) {
  const toggle = page.getByRole('button', { name: '選單', exact: true });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  return page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: /^INQUIRY/ });
}

/** A member made and signed in through the API (registering through the page is accounts.spec.ts's). */
async function signedInMember(page: Page, testInfo: TestInfo) {
  const id = `shop${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`.toLowerCase();
  const member = { account: id, name: '測試採購', email: `${id}@example.org`, password: 'Rice-Field-2026!' };
  await signUpMember(page.request, member);
  await signInMember(page.request, member.account, member.password);
  return member;
}

test.describe('storefront', () => {
  test.slow();

  test(
    'a visitor browses the catalogue, the courses and ABOUT US; the inquiry asks them to sign in',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      await visit(page, '/products');
      await expect(page).toHaveTitle('作物病蟲害資訊網 | PRODUCTS');
      await expect(page.getByRole('note')).toContainText('示範內容');
      await expect(page.getByRole('heading', { name: /春耕天敵推廣活動/ })).toBeVisible();
      await shoot(page, testInfo, 'products');
      const lures = page.getByRole('navigation', { name: '商品類別' }).getByRole('link', { name: '性費洛蒙誘引劑' });
      await lures.click();
      await expect(page).toHaveURL(/\/products\?type=\d+$/);
      await expect(page.locator('.catalogue-card')).toHaveCount(2);
      await expectAccessible(page);
      await page.getByRole('link', { name: '斜紋夜蛾性費洛蒙誘引劑（示範）' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('斜紋夜蛾性費洛蒙誘引劑');
      await expect(page.getByRole('heading', { name: '使用方法' })).toBeVisible();
      // A visitor is told before the tap that adding needs signing in (decision 0366).
      await expect(page.getByRole('button', { name: '加入詢價清單' })).toHaveAccessibleDescription(/需要先登入會員/);
      const productUrl = page.url();
      await expectAccessible(page);
      await shoot(page, testInfo, 'product');
      await visit(page, '/courses/content');
      await expect(page.getByRole('heading', { name: /IPM）研習班/ })).toBeVisible();
      await shoot(page, testInfo, 'courses');
      await visit(page, '/about');
      await expect(page.getByRole('heading', { name: '關於本網站（示範）' })).toBeVisible();
      await shoot(page, testInfo, 'about');
      await page.goto('/inquiry');
      await expect(page).toHaveURL(/\/login\?redirect=%2Finquiry$/);
      await expectAccessible(page);
      await visit(page, '/products/content/999999');
      await expect(page.getByText('Content not found. Please try again.')).toBeVisible();

      // The visitor adds 2 anyway: signs in, comes back, and the 2 are in the cart, once.
      const id = `shopv${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`.toLowerCase();
      const visitor = { account: id, name: '新來的農友', password: 'Rice-Field-2026!' };
      await signUpMember(page.request, visitor);
      await visit(page, productUrl);
      await page.getByLabel('數量').fill('2');
      await page.getByRole('button', { name: '加入詢價清單' }).click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await expectAccessible(page);
      await page.getByRole('textbox', { name: /^帳號/ }).fill(visitor.account);
      await page.getByRole('textbox', { name: /^密碼/ }).fill(visitor.password);
      await page.getByRole('button', { name: '登入' }).click();
      await expect(page).toHaveURL(/\/products\/content\/\d+\?added=1$/);
      await expect(page.getByRole('status').filter({ hasText: '已登入並加入詢價清單' })).toContainText('共 2');
      await expectAccessible(page);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: '已登入並加入詢價清單' })).toContainText('共 2');
    },
  );

  test(
    'a member adds the same product twice, sends the inquiry and gets the mail',
    { tag: phoneJourney },
    async ({ page }, testInfo) => {
      const member = await signedInMember(page, testInfo);
      await visit(page, '/products');
      await page.getByRole('link', { name: '天敵昆蟲應用手冊（示範）' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('天敵昆蟲應用手冊');
      const add = page.getByRole('button', { name: '加入詢價清單' });
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: '已加入詢價清單' })).toContainText('共 1 本');
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: '已加入詢價清單' })).toContainText('共 2 本');
      // The header counts lines, not pieces.
      await expect(await inquiryLink(page)).toHaveAccessibleName(/^INQUIRY\s*（詢價清單 1 項）$/);
      // The button stays disabled (faded) until the page's data is loaded again after the add.
      await expect(add).toBeEnabled();
      await expectAccessible(page);

      await (await inquiryLink(page)).click();
      await expect(page).toHaveURL(/\/inquiry$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('INQUIRY');
      const row = page.getByRole('row', { name: /天敵昆蟲應用手冊/ });
      await expect(row.getByRole('spinbutton')).toHaveValue('2');
      // What the site knows of the member is filled in.
      await expect(page.getByLabel('姓名')).toHaveValue(member.name);
      await expect(page.getByLabel('電子郵件')).toHaveValue(member.email);
      await expectAccessible(page);
      await shoot(page, testInfo, 'inquiry');
      await page.getByLabel('姓名').fill('王小明');
      await page.getByLabel('電子郵件').fill(member.email);
      await page.getByLabel('電話').fill('04-2330-2101');
      await page.getByLabel('公司或單位名稱').fill('示範農場');
      await page.getByLabel('訊息').fill('請問團購是否有折扣？');
      // Without the robot check the page says what is missing.
      await page.getByRole('button', { name: '送出詢價' }).click();
      // Without the robot check the error stands beside it and the focus goes there.
      await expect(page.locator('.altcha-field__error')).toContainText('Please verify that I am not a robot');
      await expectFocusOnRobotCheck(page);
      await passRobotCheck(page);
      await page.getByRole('button', { name: '送出詢價' }).click();
      // The confirmation replaces the form and has the focus: nothing invites a second send.
      const sentBox = page.getByRole('status').filter({ hasText: formSent });
      await expect(sentBox).toBeFocused();
      await expect(sentBox).toBeInViewport();
      await expect(page.getByText('You have no inquire!').first()).toBeVisible();
      await expect(page.getByRole('button', { name: '送出詢價' })).toHaveCount(0);
      await expect(page.getByLabel('姓名')).toHaveCount(0);
      await expect(await inquiryLink(page)).toHaveAccessibleName(/^INQUIRY\s*（詢價清單 0 項）$/);
      await expectAccessible(page);
      await shoot(page, testInfo, 'inquiry-sent');

      const mail = await mailTo(member.email, '已收到您的詢價');
      expect(mail.subject).toMatch(/已收到您的詢價（Q\d{8}-\d{4,}）$/);
      expect(mail.text).toContain('天敵昆蟲應用手冊（示範） × 2');

      // The consultation form fills in the member's name and e-mail too.
      await visit(page, '/consultation/form');
      await expect(page.getByLabel('姓名')).toHaveValue(member.name);
      await expect(page.getByLabel('電子郵件')).toHaveValue(member.email);

      await visit(page, '/member');
      await expect(page.getByRole('heading', { name: '我的詢價單' })).toBeVisible();
      await expect(page.getByText(/詢價單 Q\d{8}-\d{4,}（新詢價）/)).toBeVisible();
      // /member does what the API does for an order (decision 0367): look one up, give the
      // transfer digits, cancel it.
      const orderNumber = /Q\d{8}-\d{4,}/.exec(mail.subject)![0];
      await page.getByLabel('以編號查詢詢價單').fill(orderNumber);
      await page.getByRole('button', { name: '查詢', exact: true }).click();
      await expect(page).toHaveURL(/order=Q/);
      const found = page.locator('.member-orders__look-up');
      await expect(found.getByRole('heading', { name: new RegExp(orderNumber) })).toBeVisible();
      await expectAccessible(page);
      await found.getByLabel('匯款帳號末五碼').fill('12345');
      await found.getByRole('button', { name: '送出末五碼' }).click();
      await expect(page.getByText('已收到匯款帳號末五碼')).toBeVisible();
      await expect(page.getByText('匯款末五碼：12345')).toBeVisible();
      await expectAccessible(page);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: new RegExp(`取消詢價單 ${orderNumber}`) }).click();
      await expect(page.getByText('已取消這張詢價單。')).toBeVisible();
      await expect(page.getByText(new RegExp(`詢價單 ${orderNumber}（已取消）`))).toBeVisible();
      await expect(page.getByRole('button', { name: /取消詢價單/ })).toHaveCount(0);
      await expectAccessible(page);
    },
  );
});
