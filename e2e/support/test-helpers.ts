// Helpers the browser tests share: a screenshot to look at, the mails the SMTP peer caught, a member
// signed up through the product API with the site's own robot check solved as the widget does.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { mailboxPort } from './smtp-peer-ports';

/**
 * Screenshots to look at are taken when E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npm run test
 * --workspace e2e`): they assert nothing, and a full-page picture costs the suite CPU time
 * (decision 0091). A failing test keeps its screenshot either way (playwright.config.ts).
 */
const screenshots = Boolean(process.env.E2E_SCREENSHOTS);

/** A screenshot in the test's output folder (one per project), attached to the report: see above. */
export async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  if (!screenshots) return;
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A mail as the SMTP peer's mailbox (support/start-smtp-peer.ts) returns it, decoded. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every mail the servers sent to an address so far. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${mailboxPort}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/**
 * Registers a member (`<account>@example.org`) through the product API, solving the ALTCHA
 * challenge; on the test server, or on another one's `origin`.
 */
export async function signUpMember(
  request: APIRequestContext,
  member: { account: string; name: string; password: string },
  origin = '',
): Promise<void> {
  const challenge = (await (await request.get(`${origin}/api/v1/altcha-challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const response = await request.post(`${origin}/api/v1/members-signup`, {
    data: {
      account: member.account,
      name: member.name,
      email: `${member.account}@example.org`,
      class: 'all',
      password: member.password,
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Signs a member in through the login call, as the sign-in form does: with a page's `request`
 * (`page.request`) the session cookie lands in that page's browser context.
 */
export async function signInMember(
  request: APIRequestContext,
  account: string,
  password: string,
  origin = '',
): Promise<void> {
  const response = await request.post(`${origin}/api/info/logini`, { data: { a1: account, a2: password } });
  expect(response.status(), await response.text()).toBe(200);
  const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
  expect(cookies.some((header) => header.value.startsWith('pest_session='))).toBe(true);
}
