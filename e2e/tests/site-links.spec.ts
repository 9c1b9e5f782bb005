import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, oneViewport, test, visit, waitForHydration } from '../fixtures';
import { signInMember, signUpMember } from '../support/test-helpers';

// Every header and footer link from the home page leads to a real page: the
// document answers 200, it is not the home page an unknown address falls back to, it has its
// heading, and axe finds nothing. Each address is visited once, at 1280 px; at 360 px the phone
// menu is opened once and every link in it must be there to tap.

interface FoundLink {
  name: string;
  href: string;
  target: string | null;
  rel: string | null;
}

async function linksIn(area: Locator): Promise<FoundLink[]> {
  return area.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      name: (anchor.textContent ?? '').trim(),
      href: anchor.getAttribute('href') ?? '',
      target: anchor.getAttribute('target'),
      rel: anchor.getAttribute('rel'),
    })),
  );
}

/** The header's and the footer's links on the home page, as the page has them now. */
async function homeLinks(page: Page): Promise<FoundLink[]> {
  await visit(page, '/');
  return [...(await linksIn(page.getByRole('banner'))), ...(await linksIn(page.getByRole('contentinfo')))];
}

/** Opens an address of the site and checks that a real page answered. */
async function expectRealPage(page: Page, link: FoundLink, landing: 'page' | 'sign-in' = 'page') {
  const response = await page.goto(link.href);
  expect(response?.status(), link.href).toBe(200);
  await waitForHydration(page);
  const landed = new URL(page.url());
  if (landing === 'sign-in') {
    // A member-only area sends a visitor to sign in, and back there afterwards.
    expect(landed.pathname, link.href).toBe('/login');
    expect(landed.searchParams.get('redirect'), link.href).toBe(link.href);
  } else if (link.href === '/') {
    expect(landed.pathname).toBe('/');
  } else {
    // An unknown address lands on the home page: a real page keeps (or deepens) its own.
    expect(landed.pathname, `${link.name} ${link.href}`).not.toBe('/');
    expect(landed.pathname.startsWith(new URL(link.href, landed).pathname), `${link.href} → ${landed.href}`).toBe(true);
  }
  await expect(page.getByRole('heading', { level: 1 }).first(), link.href).toBeVisible();
  await expectAccessible(page);
}

const isInternal = (link: FoundLink) => link.href.startsWith('/') && !link.href.startsWith('//');
/** Another site's address (a link within the page, `#…`, is neither). */
const isOutside = (link: FoundLink) => /^[a-z]+:/i.test(link.href) || link.href.startsWith('//');

test.describe('header and footer links', () => {
  test(
    'every link from the home page leads to a real page; outside sites open in a new window',
    {
      tag: oneViewport,
    },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      const links = await homeLinks(page);
      const internal = [...new Map(links.filter(isInternal).map((link) => [link.href, link])).values()];
      // The header's sections and the storefront's entries, sign-in and registration at least.
      expect(internal.length).toBeGreaterThanOrEqual(16);
      const outside = links.filter(isOutside);
      for (const link of outside) {
        expect(link.href, link.name).toMatch(/^https:\/\//);
        expect(link.target, link.name).toBe('_blank');
        expect(link.rel, link.name).toMatch(/noopener/);
      }
      // The feedback form and the data agencies.
      expect(outside.length).toBeGreaterThanOrEqual(7);

      for (const link of internal) {
        // Member-only areas: the server answers a visitor with the way to the sign-in page.
        const first = await request.get(link.href, { maxRedirects: 0 });
        const signIn = first.status() === 302 && (first.headers()['location'] ?? '').startsWith('/login?');
        await expectRealPage(page, link, signIn ? 'sign-in' : 'page');
      }
    },
  );

  test(
    "a signed-in member's header links, member-only areas included, lead to real pages",
    {
      tag: oneViewport,
    },
    async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const member = { account: `links${Date.now().toString(36)}`, name: '連結測試', password: 'Link-Check-2026!' };
      await signUpMember(request, member);
      await signInMember(page.request, member.account, member.password);
      const links = (await homeLinks(page)).filter(isInternal);
      const memberList = page.getByRole('navigation', { name: '主選單' }).getByRole('list', { name: '會員' });
      // The header asks for the session after hydration (the page itself may come from the shared cache):
      // until it answers, the member links are the visitor's.
      await expect(memberList.getByText(member.name)).toBeAttached();
      const memberLinks = await linksIn(memberList);
      expect(memberLinks.length, testInfo.title).toBeGreaterThanOrEqual(1);
      const toVisit = new Map(memberLinks.map((link) => [link.href, link]));
      // The links a visitor is sent to sign in from (the previous test's), now open to the member.
      for (const link of links) {
        const anonymous = await request.get(link.href, { maxRedirects: 0 });
        if (anonymous.status() === 302 && (anonymous.headers()['location'] ?? '').startsWith('/login?'))
          toVisit.set(link.href, link);
      }
      expect([...toVisit.keys()]).toEqual(expect.arrayContaining(['/download', '/inquiry']));
      for (const link of toVisit.values()) await expectRealPage(page, link);
    },
  );

  test('at 360 px the phone menu holds every header link, each a target to tap', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the menu folds below 992 px; at 1280 px the links are in the bar');
    await visit(page, '/');
    const nav = page.getByRole('navigation', { name: '主選單' });
    const links = nav.getByRole('link');
    await expect(links.first()).toBeHidden();
    await page.getByRole('button', { name: '選單', exact: true }).click();
    await expect(page.getByRole('button', { name: '關閉選單' })).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    const width = page.viewportSize()!.width;
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(17);
    for (let index = 0; index < count; index += 1) {
      const link = links.nth(index);
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // The footer's links, below the page's content.
    for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    }
    // A link taken from the menu: the page opens and the menu folds again.
    await nav.getByRole('link', { name: '快速入門', exact: true }).click();
    await expect(page).toHaveURL('/quick');
    await expect(page.getByRole('button', { name: '選單', exact: true })).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page);
  });
});
