import { expect, oneViewport, expectAccessible, test, waitForHydration } from '../fixtures';
import { fixturePort } from '../playwright.config';
import { deskCases, deskExpert } from '../support/desk-fixture';
import { mailboxPort } from '../support/smtp-peer-ports';
import { shoot } from '../support/test-helpers';

// The expert desk at 360 and 1280 px, every screen checked with axe: an expert opens
// the queue, answers a case with a linked record and publishes it; the asker's mail arrives at the
// SMTP peer. The fixture server (support/start-fixture-server.ts) holds an expert and one case per project.

const desk = `http://127.0.0.1:${fixturePort}`;

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

async function mailTo(address: string): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${mailboxPort}/mails?to=${encodeURIComponent(address)}`);
        mails = (await response.json()) as Mail[];
        return mails.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);
  return mails[0] as Mail;
}

test.describe('the expert desk', () => {
  test(
    'an expert opens the queue, answers and publishes a case; the asker gets the mail',
    { tag: oneViewport },
    async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const mine = deskCases[testInfo.project.name as keyof typeof deskCases];

      await page.goto(`${desk}/login?redirect=${encodeURIComponent('/admin')}`);
      await expectAccessible(page);
      await page.getByRole('textbox', { name: /^帳號/ }).fill(deskExpert.account);
      await page.getByRole('textbox', { name: /^密碼/ }).fill(deskExpert.password);
      await page.getByRole('button', { name: '登入' }).click();
      await page.waitForURL('**/admin');
      await waitForHydration(page);
      await expectAccessible(page);

      // The admin home starts with what waits: the cases to answer, counted, then the screens by task.
      const waiting = page.getByRole('region', { name: '待處理' });
      await expect(waiting.getByRole('link').first()).toContainText(/\d+\s*待回覆案件（諮詢案件）/);
      await expect(
        page.getByRole('region', { name: '回覆民眾' }).getByRole('link', { name: '諮詢案件' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: '待處理' })).toBeInViewport();
      await shoot(page, testInfo, 'admin-home');
      await waiting.getByRole('link', { name: /待回覆案件/ }).click();
      await page.waitForURL('**/admin/consultation-cases?status=submitted');
      await expectAccessible(page);
      // Unanswered cases only, oldest first.
      await expect(page.getByRole('cell', { name: '已回覆' })).toHaveCount(0);
      await page.getByLabel('作物').fill(mine.cropName);
      // Waiting ones only: the demo content's answered cases of the same crop are in the queue too.
      await page.getByLabel('狀態').selectOption({ label: '待回覆' });
      await page.getByRole('button', { name: '篩選' }).click();
      await page.waitForURL(/crop=/);
      await expectAccessible(page);
      await shoot(page, testInfo, 'desk-queue');
      await page.getByRole('link', { name: /^檢視/ }).first().click();
      await page.waitForURL(/\/admin\/consultation-cases\/\d+$/);
      await waitForHydration(page);
      await expectAccessible(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(mine.cropName);
      if (mine.hoursAgo > 48) await expect(page.getByText('逾 48 小時未回覆')).toBeVisible();
      await expect(page.getByRole('link', { name: mine.askerEmail })).toBeVisible();
      // Photos as thumbnails with one viewer, the reply box in view beside it (decision 0376).
      const viewer = page.getByRole('figure');
      await expect(viewer.getByRole('img', { name: '遠照 1' })).toBeVisible();
      await page.getByRole('button', { name: '檢視遠照 2' }).click();
      await expect(viewer.getByRole('img', { name: '遠照 2' })).toBeVisible();
      await expect(page.getByRole('button', { name: '檢視遠照 2' })).toHaveAttribute('aria-pressed', 'true');
      const reply = page.getByRole('textbox', { name: /^回覆內容/ });
      await reply.scrollIntoViewIfNeeded();
      await expect(viewer.getByRole('img')).toBeInViewport();
      await expect(reply).toBeInViewport();
      await shoot(page, testInfo, 'desk-case');

      // A keyboard user writes the reply: the editor is a labelled textarea with its formatting help.
      await reply.focus();
      await page.keyboard.type('這是**晚疫病**的初期病徵。');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('- 移除病葉\n- 保持通風');
      // A record and an IPM sheet are attached by typing their names (decision 0375).
      const records = page.getByRole('combobox', { name: '輸入名稱搜尋病蟲害記錄' });
      await records.fill('晚疫');
      await expect(
        page.getByRole('listbox', { name: '符合的病蟲害記錄' }).getByRole('option', { name: '番茄晚疫病' }),
      ).toBeVisible();
      await expectAccessible(page);
      await records.press('ArrowDown');
      await records.press('Enter');
      await expect(page.getByRole('button', { name: '移除病蟲害記錄「番茄晚疫病」' })).toBeVisible();
      await expect(records).toHaveValue('');
      const sheets = page.getByRole('combobox', { name: '輸入名稱搜尋IPM 資料' });
      await sheets.fill('番茄');
      await page.getByRole('listbox', { name: '符合的IPM 資料' }).getByRole('option').first().click();
      await expect(page.getByRole('button', { name: /^移除IPM 資料「/ })).toBeVisible();
      await page.getByRole('checkbox', { name: /公開於影像諮詢問答/ }).check();
      await page.getByRole('button', { name: '送出回覆並寄信' }).click();
      // The saved message is in view and has the focus.
      const saved = page.locator('.admin-done');
      await expect(saved).toContainText('已送出回覆');
      await expect(saved).toBeFocused();
      await expect(saved).toBeInViewport();
      await expectAccessible(page);
      await expect(page.getByRole('link', { name: '記錄：番茄晚疫病' })).toBeVisible();
      await expect(page.locator('.desk-current-reply strong')).toHaveText('晚疫病');
      await expect(page.locator('.desk-current-reply li')).toHaveText(['移除病葉', '保持通風']);
      await expect(page.getByText(/已於 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} 公開/)).toBeVisible();
      // The fixture assigned it to this expert.
      await expect(page.getByRole('combobox', { name: '負責專家' })).toHaveValue(/\d+/);
      await shoot(page, testInfo, 'desk-case-answered');

      const mail = await mailTo(mine.askerEmail);
      expect(mail.subject).toContain('專家回覆');
      expect(mail.text).toContain('這是晚疫病的初期病徵。');
      expect(mail.text).toMatch(/\/consultation\/case\?token=[\w-]+/);

      // Published: the asker's private link shows the reply, and so does the public archive, with
      // the name masked and no contact.
      const caseId = /consultation-cases\/(\d+)$/.exec(page.url())![1];
      const followed = /\/consultation\/case\?token=[\w-]+/.exec(mail.text)![0];
      await page.goto(`${desk}${followed}`);
      await expect(page.getByText('這是晚疫病的初期病徵。')).toBeVisible();
      await expectAccessible(page);
      await page.goto(`${desk}/consultation/advisory/detail?id=${caseId}`);
      await expect(page.getByText('這是晚疫病的初期病徵。')).toBeVisible();
      await expect(page.getByText('王OO')).toBeVisible();
      await expect(page.locator('body')).not.toContainText(mine.askerEmail);
      const photo = page.getByRole('img', { name: /遠照第 1 張/ });
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
        .toBeGreaterThan(0);
      await expectAccessible(page);
      await shoot(page, testInfo, 'desk-case-public');
    },
  );

  test('a visitor is sent to sign in before the desk', { tag: oneViewport }, async ({ page }) => {
    await page.goto(`${desk}/admin/consultation-cases/1`);
    await page.waitForURL(/\/login\?redirect=/);
    await expectAccessible(page);
  });
});
