import { expect, expectAccessible, test, visit, waitForHydration, phoneJourney } from '../fixtures';
import { shoot, signUpMember } from '../support/test-helpers';

// DOWNLOAD and the file page at 360 and 1280 px, every page checked with axe: the page
// is guarded; a member picks a type, the address follows; a Chinese-named demo PDF is saved under its
// name; an unknown id shows the spec's notice.

const password = 'Download-Page-2026';

test.describe('DOWNLOAD', () => {
  test(
    'is guarded; a member lists a type’s files and saves a Chinese-named file',
    { tag: phoneJourney },
    async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const account = `e2edownload${testInfo.project.name}`;
      await signUpMember(request, { account, name: `下載者${account.slice(-3)}`, password });

      // Visitors are sent to sign in, and come back afterwards.
      await page.goto('/download?type=2');
      await page.waitForURL(/\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/download?type=2');
      await expectAccessible(page);
      await page.getByRole('textbox', { name: /^帳號/ }).fill(account);
      await page.getByRole('textbox', { name: /^密碼/ }).fill(password);
      await page.getByRole('button', { name: '登入' }).click();
      await page.waitForURL(/\/download\?type=2$/);
      await waitForHydration(page);
      await expectAccessible(page);
      await expect(page).toHaveTitle(/DOWNLOAD$/);
      const menu = page.getByRole('navigation', { name: '下載分類' });
      await expect(menu.getByRole('link', { name: '田間調查表' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('cell', { name: '斜紋夜蛾性費洛蒙誘引調查記錄表 示範' })).toBeVisible();

      // Another type: the address follows, its files by sort, each marked as a demo.
      await menu.getByRole('link', { name: '申請表單' }).click();
      await page.waitForURL(/\?type=1$/);
      await expectAccessible(page);
      const rows = page.getByRole('row');
      await expect(rows.nth(1)).toContainText('病蟲害診斷服務申請表');
      await expect(rows.nth(2)).toContainText('生物防治資材試用申請表');
      await expect(rows.nth(1)).toContainText('示範');
      await shoot(page, testInfo, 'download-forms');

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: '下載「病蟲害診斷服務申請表」' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('病蟲害診斷服務申請表.pdf');
      const saved = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of saved) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

      // The file page without a file of that id: the spec's notice.
      await visit(page, '/file?catalog=999999');
      await expect(page.getByText('Content not found. Please try again.')).toBeVisible();
      await expect(page.getByText('找不到內容，請再試一次。')).toBeVisible();
    },
  );
});
