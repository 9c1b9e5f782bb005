import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { adminLinkFile } from '../playwright.config';
import { expect, expectAccessible, prepareContext, test, visit, waitForHydration, oneViewport } from '../fixtures';
import { shoot, signInMember, signUpMember } from '../support/test-helpers';

// Signing in works before hydration too (the login form posts without JavaScript).

const password = 'Admin-Shell-2026';

async function signIn(page: Page, account: string, redirect = '/admin') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^帳號/ }).fill(account);
  await page.getByRole('textbox', { name: /^密碼/ }).fill(password);
  await page.getByRole('button', { name: '登入' }).click();
}

/**
 * An editor corrects a record's control text in /admin; the public record page,
 * served from the page cache before, shows the correction at once.
 */
async function editRecord(page: Page, testInfo: TestInfo, recordName: string) {
  await page.getByRole('navigation', { name: '管理項目' }).getByRole('link', { name: '病蟲害資料' }).click();
  await page.waitForURL('**/admin/records');
  await expectAccessible(page);
  await page.getByLabel('名稱').fill(recordName);
  await page.getByRole('button', { name: '篩選' }).click();
  await page.waitForURL(/q=/);
  await expectAccessible(page);
  await page.getByRole('link', { name: `檢視 ${recordName}` }).click();
  await page.waitForURL(/\/admin\/records\/\d+$/);
  const id = /\/admin\/records\/(\d+)$/.exec(page.url())?.[1];
  await expectAccessible(page);
  // The public page as a visitor sees it now (and as the page cache keeps it).
  const before = await page.request.get(`/search/bug/detail?id=${id}&tab=control`, { headers: { cookie: '' } });
  expect(before.status()).toBe(200);
  const correction = `示範更正：${testInfo.project.name} 發病初期摘除病葉並移出田區。`;
  expect(await before.text()).not.toContain(correction);

  await page.getByRole('link', { name: '編輯' }).click();
  await page.waitForURL(/\/edit$/);
  await expectAccessible(page);
  const control = page.getByRole('textbox', { name: '防治方法' });
  await control.fill(`${correction}\n\n${await control.inputValue()}`);
  await shoot(page, testInfo, 'record-edit');
  await page.getByRole('button', { name: '儲存' }).click();
  await page.waitForURL(/done=updated/);
  await expect(page.getByRole('status').filter({ hasText: '已儲存變更。' })).toBeVisible();
  await expectAccessible(page);
  // Rewritten, the demo record's 示範資料 label may be cleared (decision 0375).
  await page.getByRole('button', { name: /^取消示範資料標示/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '已取消「示範資料」標示。' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^取消示範資料標示/ })).toHaveCount(0);

  await visit(page, `/search/bug/detail?id=${id}&tab=control`);
  await expect(page.getByText(correction)).toBeVisible();
  await expect(page.locator('.demo-badge')).toHaveCount(0);
}

/**
 * An editor adds a download with its PDF through the generated form (a file field, decision 0145):
 * a wrong file is refused in the browser beside the field, the PDF is stored, and visitors get
 * exactly its bytes.
 */
async function addDownloadFile(page: Page, testInfo: TestInfo) {
  await visit(page, '/admin/catalog-details/new');
  await waitForHydration(page);
  const title = `示範表單 ${testInfo.project.name}`;
  await page.getByRole('textbox', { name: /^檔案標題/ }).fill(title);
  await page.getByRole('textbox', { name: /^下載檔名/ }).fill(`${title}.pdf`);
  // 田間調查表 (2): the downloads spec checks the order of 申請表單 (1), which this file would join.
  await page.getByRole('textbox', { name: /^所屬分類編號/ }).fill('2');
  const file = page.getByLabel(/^檔案內容/);
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await page.getByRole('button', { name: '新增' }).click();
  await expect(page.getByText('選擇的檔案格式不符')).toBeVisible();
  await expectAccessible(page);
  const pdf = Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
  await file.setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await shoot(page, testInfo, 'download-file-new');
  await page.getByRole('button', { name: '新增' }).click();
  await page.waitForURL(/\/admin\/catalog-details\/\d+\?done=created/);
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: '檢視檔案' })).toBeVisible();
  const id = /catalog-details\/(\d+)/.exec(page.url())?.[1];
  const download = await page.request.get(`/files/catalog/${id}`);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), pdf)).toBe(0);
}

test.describe('the admin shell', () => {
  test(
    'an admin grants the editor role: the editor reaches /admin, a member does not',
    { tag: oneViewport },
    async ({ page, browser, request }, testInfo) => {
      test.setTimeout(240_000);
      const project = testInfo.project.name;
      const editorAccount = `e2eeditor${project}`;
      const memberAccount = `e2emember${project}`;
      await signUpMember(request, { account: editorAccount, name: `測試者${editorAccount.slice(-3)}`, password });
      await signUpMember(request, { account: memberAccount, name: `測試者${memberAccount.slice(-3)}`, password });

      // The first admin, as the README has it: npm run admin:create printed a link to set the password.
      const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(
        await readFile(adminLinkFile(project), 'utf8'),
      )?.[0];
      expect(link).toBeTruthy();
      await visit(page, new URL(link!).pathname + new URL(link!).search);
      await page.getByRole('textbox', { name: /^新密碼/ }).fill(password);
      await page.getByRole('textbox', { name: /^再輸入一次新密碼/ }).fill(password);
      await page.getByRole('button', { name: '設定新密碼' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/reset-password'));
      await expectAccessible(page);

      // Visitors are sent to sign in, and come back to the admin afterwards.
      await signIn(page, `e2eadmin${project}`);
      await page.waitForURL('**/admin');
      await waitForHydration(page);
      await expectAccessible(page);
      await expect(page.getByRole('heading', { level: 1, name: '管理' })).toBeVisible();
      // The jobs' and the outbox's counts (decision 0328): what waits for a retry is seen without a filter.
      await expect(page.getByRole('link', { name: '等待重試' })).toHaveAttribute('href', /\/admin\/jobs\?state=retry$/);
      await expect(page.getByText('尚未寄出')).toBeVisible();
      await shoot(page, testInfo, 'admin-home');

      await page.getByRole('navigation', { name: '管理項目' }).getByRole('link', { name: '會員' }).click();
      await page.waitForURL('**/admin/members');
      await expectAccessible(page);
      await page.getByLabel('帳號、姓名或電子郵件').fill(editorAccount);
      await page.getByRole('button', { name: '篩選' }).click();
      await page.waitForURL(/q=/);
      await expectAccessible(page);
      await expect(page.getByText('共 1 筆')).toBeVisible();
      await shoot(page, testInfo, 'members-list');

      await page.getByRole('link', { name: `檢視 ${editorAccount}` }).click();
      await page.waitForURL(/\/admin\/members\/\d+$/);
      await expectAccessible(page);
      await page.getByRole('link', { name: '編輯' }).click();
      await page.waitForURL(/\/edit$/);
      await expectAccessible(page);
      await page.getByRole('checkbox', { name: '編輯' }).check();
      await shoot(page, testInfo, 'member-edit');
      await page.getByRole('button', { name: '儲存' }).click();
      await page.waitForURL(/done=updated/);
      await expect(page.getByRole('status').filter({ hasText: '已儲存變更。' })).toBeVisible();
      await expect(page.getByText('會員、編輯')).toBeVisible();
      await expectAccessible(page);

      // The audit log shows who did it, before and after.
      await page.getByRole('navigation', { name: '管理項目' }).getByRole('link', { name: '稽核紀錄' }).click();
      await page.waitForURL('**/admin/audit-log');
      await expectAccessible(page);
      // In the staff's language (decision 0379): 設定會員權限, not member.set-access; fields by name.
      await expect(page.getByRole('cell', { name: '設定會員權限' }).first()).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText('member.set-access');
      await page
        .getByRole('link', { name: /^檢視 設定會員權限/ })
        .first()
        .click();
      await page.waitForURL(/\/admin\/audit-log\/\d+$/);
      const compare = page.getByRole('table', { name: '變更前後比較' });
      await expect(compare).toContainText('已變更');
      await expect(compare.getByRole('rowheader', { name: /^角色/ })).toBeVisible();
      await expect(compare.getByRole('columnheader')).toHaveText(['欄位', '變更前', '變更後']);
      await expectAccessible(page);
      await shoot(page, testInfo, 'audit-entry');

      // The editor reaches the admin; a member is refused in Chinese.
      for (const [account, reaches] of [
        [editorAccount, true],
        [memberAccount, false],
      ] as const) {
        const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'zh-TW' });
        await prepareContext(context);
        const other = await context.newPage();
        // Signing in through the form and back to /admin is the admin's, above; here the login call.
        await signInMember(context.request, account, password);
        await other.goto('/admin');
        await expectAccessible(other);
        if (reaches) {
          await expect(other.getByRole('heading', { level: 1, name: '管理' })).toBeVisible();
          // An editor does not see the admins' tables.
          await expect(other.getByRole('navigation', { name: '管理項目' })).not.toContainText('會員');
        } else {
          await expect(other.getByRole('heading', { level: 1, name: '沒有權限' })).toBeVisible();
        }
        await shoot(other, testInfo, reaches ? 'editor-admin' : 'member-refused');
        if (reaches) {
          await editRecord(other, testInfo, project === 'mobile' ? '番茄葉黴病' : '番茄早疫病');
          await addDownloadFile(other, testInfo);
        }
        await context.close();
      }
    },
  );
});
