import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Frame, type Page, type TestInfo } from '@playwright/test';
import type { Result } from 'axe-core';

export { expect };

/**
 * Tag of the tests that run at 1280 px only (playwright.config.ts): staff journeys, which staff
 * walk on office screens, and what no screen size changes (HTTP headers, policies, the sub-path,
 * hostile input). Decisions 0079, 0331.
 */
export const oneViewport = '@one-viewport';

/**
 * Tag of the journeys farmers and visitors walk on a phone: they run at 360 px only, and
 * tests/wide-screen-pages.spec.ts opens their pages at 1280 px (decision 0331). A test whose
 * subject is a layout that differs by width carries neither tag and runs at both.
 */
export const phoneJourney = '@phone-journey';

/** WCAG 2.1 level A and AA, the bar every page must meet. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Pages a test has visited and the ones it has checked with axe, keyed by URL without the fragment. */
interface PageAudit {
  visited: Set<string>;
  checked: Set<string>;
  javaScriptEnabled: boolean;
  /** The document as axe last checked it (address, screen size, markup), or null. */
  lastChecked: string | null;
}
const audits = new WeakMap<Page, PageAudit>();
/** The pages of each test's context in the order they opened; the first is the test's own. */
const contextPages = new WeakMap<BrowserContext, Page[]>();

function pageKey(url: string): string | null {
  if (!url.startsWith('http')) return null;
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function formatViolations(url: string, violations: Result[]): string {
  const lines = [`${violations.length} accessibility violation(s) (WCAG 2.1 AA) on ${url}:`];
  violations.forEach((violation, index) => {
    lines.push('', `${index + 1}. [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`);
    lines.push(`   ${violation.helpUrl}`);
    for (const node of violation.nodes.slice(0, 10)) {
      lines.push(`   - ${node.target.join(' ')}`);
      lines.push(`     ${node.html.replace(/\s+/g, ' ').slice(0, 200)}`);
      if (node.failureSummary) {
        for (const summary of node.failureSummary.split('\n')) lines.push(`     ${summary.trim()}`);
      }
    }
    if (violation.nodes.length > 10) lines.push(`   … and ${violation.nodes.length - 10} more element(s)`);
  });
  return lines.join('\n');
}

/**
 * Runs axe on the page as it is now and fails with a readable list when there is any WCAG 2.1
 * A/AA violation. Call it after every navigation and after every change that shows new content
 * (an opened menu, a dialog); the fixture fails a test that visited a page without checking it.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const url = page.url();
  const audit = audits.get(page);
  const state = await documentState(page);
  const key = pageKey(url);
  // The same document in the same state passed in an earlier test of this worker: axe would give
  // the same answer again (decision 0356).
  const passedKey = state === null ? null : `${audit?.javaScriptEnabled !== false} ${state}`;
  if (passedKey === null || !passedStates.has(passedKey)) {
    const results = audit?.javaScriptEnabled === false ? await analyzeWithoutScripts(page) : await analyze(page);
    if (results.violations.length > 0) {
      if (key) audit?.checked.add(key);
      throw new Error(formatViolations(url, results.violations));
    }
    if (passedKey !== null) passedStates.add(passedKey);
  }
  if (key) audit?.checked.add(key);
  if (audit) audit.lastChecked = state;
}

/** Document states (see documentState) that passed the check in this worker. */
const passedStates = new Set<string>();

/**
 * The page as axe sees it: its address, screen size, serialised document and focused element.
 * When it is the same as at a check it passed, a new check would give the same answer (decisions
 * 0091, 0356). The CSP nonce, new in every answer, is left out: nothing axe checks depends on it.
 */
async function documentState(page: Page): Promise<string | null> {
  // A page in the middle of a navigation has no document to compare: it is checked again.
  const markup = await page.content().catch(() => null);
  if (markup === null) return null;
  // A focused element can change the colours axe judges (:focus styles); a page without scripts
  // answers no evaluation, and has nothing focused by a script either.
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300) ?? '').catch(() => '');
  const hash = createHash('sha256')
    .update(markup.replace(/ nonce="[^"]*"/g, ''))
    .update(focused)
    .digest('base64');
  return `${page.url()} ${JSON.stringify(page.viewportSize())} ${hash}`;
}

/**
 * A toast or panel half-way through fading in has the contrast of its current opacity: axe would
 * judge a frame no reader sees for long. Finite animations are let finish first (a spinner's
 * infinite one is not waited for, nor a toast's progress bar: it is the toast's 5 s timer, which
 * changes no contrast, and waiting for it cost 5 s at every check after a toast).
 */
async function settleAnimations(page: Page) {
  await page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            if (target instanceof Element && target.classList.contains('Toastify__progress-bar')) return false;
            return Number.isFinite(Number(animation.effect?.getComputedTiming().endTime));
          })
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    .catch(() => undefined);
}

async function analyze(page: Page) {
  await settleAnimations(page);
  // Legacy mode runs axe in the page itself: without it each check opened a blank page, injected
  // axe's 600 KB into it as well and gathered the results there, about half of a check's time. It
  // leaves out cross-origin frames, which on this site hold only others' content (a YouTube
  // player, a map), blocked in these tests anyway; the frame element itself is still checked.
  // AxeBuilder sends axe's 600 KB source to every frame twice per check, two thirds of a check's
  // time: each frame gets it once instead, when it has no axe yet (a document checked before — a
  // menu opened, a form sent, a client-side navigation — keeps it), and AxeBuilder an empty script.
  // Only violations are gathered in full (decision 0280).
  await injectAxe(page);
  return (
    new AxeBuilder({ page, axeSource: ';' })
      // options() replaces what withTags() set: it comes first.
      .options({ resultTypes: ['violations'] })
      .withTags(axeTags)
      .setLegacyMode()
      .analyze()
  );
}

/**
 * axe-core's minified build. Its `axe.source` is the unminified one (1.5 MB against 0.65): sent to
 * each new document and parsed there, it took as long as the check itself.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe into each frame of the page that has none. A frame that cannot run a script, or does
 * not answer within a second (a blocked outside page, the browser's PDF viewer), is left out, as
 * AxeBuilder leaves it; the page itself must take it.
 */
async function injectAxe(page: Page): Promise<void> {
  const injectInto = async (frame: Frame) => {
    const holdsAxe = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (!holdsAxe) await frame.evaluate(axeSource);
  };
  await Promise.all(
    page
      .frames()
      .map((frame) =>
        frame === page.mainFrame() ? injectInto(frame) : withinASecond(injectInto(frame)).catch(() => undefined),
      ),
  );
}

function withinASecond(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the frame did not answer within a second')), 1_000);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * axe needs timers, which do not run where JavaScript is disabled. So the page is checked in a
 * scripted twin: same viewport and cookies, showing the page's current document with every
 * script removed, so it renders exactly as it does without JavaScript (and the server is not
 * asked for the page a second time).
 */
async function analyzeWithoutScripts(page: Page) {
  const browser = page.context().browser();
  if (!browser) throw new Error('expectAccessible: the page has no browser to open a checking page in');
  const target = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const twin = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  try {
    const twinPage = await twin.newPage();
    await twinPage.route(
      (url) => url.href === target,
      (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
          : route.continue(),
    );
    await twinPage.goto(target);
    return await analyze(twinPage);
  } finally {
    await twin.close();
  }
}

/**
 * Waits until React has hydrated the server-rendered page. The context's init script stands in
 * for the React DevTools hook, which React calls on every commit; the first commit is hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __pestCommitted?: boolean }).__pestCommitted === true);
}

/** Opens a path, waits for hydration and checks the page with axe. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (audits.get(page)?.javaScriptEnabled !== false) await waitForHydration(page);
  await expectAccessible(page);
}

const reactCommitHook = () => {
  const target = window as unknown as Record<string, unknown>;
  target.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: () => {
      target.__pestCommitted = true;
    },
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
};

/**
 * A context a test opens itself (another person's browser): `waitForHydration` works on its pages,
 * as on the fixture's own. (Nothing leaves the machine from any context: playwright.config.ts.)
 * Opened with `javaScriptEnabled: false`, say so here: axe then checks its pages without scripts.
 */
export async function prepareContext(
  context: BrowserContext,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<void> {
  await context.addInitScript(reactCommitHook);
  if (options.javaScriptEnabled === false) context.on('page', (page) => trackPage(page, false));
}

function testPassedSoFar(testInfo: TestInfo): boolean {
  return testInfo.status === testInfo.expectedStatus;
}

/** Records every top-level page load of a page, so the audit knows what the test visited. */
function trackPage(page: Page, javaScriptEnabled: boolean): PageAudit {
  const audit: PageAudit = { visited: new Set(), checked: new Set(), javaScriptEnabled, lastChecked: null };
  audits.set(page, audit);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const key = pageKey(frame.url());
    if (key) audit.visited.add(key);
  });
  return audit;
}

export const test = base.extend<{ axeAudit: void }>({
  context: async ({ context, javaScriptEnabled }, use) => {
    await context.addInitScript(reactCommitHook);
    // Every page of the context: the test's own and any it opens (links with target=_blank).
    const pages: Page[] = [];
    contextPages.set(context, pages);
    context.on('page', (page) => {
      pages.push(page);
      trackPage(page, javaScriptEnabled);
    });
    await use(context);
  },
  // After every test: axe on the page where the test ended, unless it is exactly as axe last saw
  // it (and on any other open page whose current address was not checked), then every page
  // visited must have been checked.
  axeAudit: [
    async ({ context }, use, testInfo) => {
      await use();
      const pages = contextPages.get(context) ?? [];
      if (!testPassedSoFar(testInfo)) return;
      for (const [index, page] of pages.entries()) {
        if (page.isClosed()) continue;
        const key = pageKey(page.url());
        const audit = audits.get(page);
        if (!key) continue;
        const unchanged = async () => {
          const state = await documentState(page);
          return state !== null && audit?.lastChecked === state;
        };
        if (index === 0 ? !(await unchanged()) : !audit?.checked.has(key)) await expectAccessible(page);
      }
      const unchecked = pages.flatMap((page) => {
        const audit = audits.get(page);
        return audit ? [...audit.visited].filter((url) => !audit.checked.has(url)) : [];
      });
      if (unchecked.length > 0) {
        throw new Error(
          `Pages visited without an accessibility check (call expectAccessible after navigating):\n${[...new Set(unchecked)].join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

/**
 * After a send without the robot check, the focus is on the check: its checkbox, or the field
 * around it while the widget has not drawn yet (ui/altcha-field.tsx).
 */
export async function expectFocusOnRobotCheck(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.altcha-field')))).toBe(true);
}
