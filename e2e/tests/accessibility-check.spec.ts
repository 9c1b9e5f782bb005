import type { Page } from '@playwright/test';
import { expect, expectAccessible, oneViewport, test, visit, waitForHydration } from '../fixtures';

/** Adds a picture without a text alternative (axe's image-alt, WCAG 1.1.1) to the page. */
async function addPictureWithoutAlt(page: Page) {
  await page.evaluate(() => {
    const picture = document.createElement('img');
    picture.id = 'picture-without-alt';
    picture.src = '/favicon.ico';
    picture.width = 16;
    picture.height = 16;
    document.body.append(picture);
  });
}

async function removePictureWithoutAlt(page: Page) {
  await page.evaluate(() => document.getElementById('picture-without-alt')?.remove());
}

// The fixture's check itself (fixtures.ts, decision 0280): axe goes into a document once and is
// reused; a check must still see what changed since, on a new document and on one checked before.
test.describe('the accessibility check', { tag: oneViewport }, () => {
  test('finds a violation on a new document and on one it has checked before', async ({ page }) => {
    await page.goto('/search');
    await waitForHydration(page);
    await addPictureWithoutAlt(page);
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt[\s\S]*#picture-without-alt/);
    await removePictureWithoutAlt(page);
    await expectAccessible(page);

    await visit(page, '/');
    await addPictureWithoutAlt(page);
    await expect(expectAccessible(page)).rejects.toThrow(/1 accessibility violation\(s\)[\s\S]*image-alt/);
    await removePictureWithoutAlt(page);
    await expectAccessible(page);

    // Only WCAG 2.1 A and AA: a best practice (a picture's text repeated beside it) is not one.
    await page.evaluate(() => {
      const figure = document.createElement('p');
      figure.id = 'redundant-alt';
      figure.innerHTML = '<img src="/favicon.ico" width="16" height="16" alt="炭疽病"> 炭疽病';
      document.body.append(figure);
    });
    await expectAccessible(page);
    await page.evaluate(() => document.getElementById('redundant-alt')?.remove());
  });
});
