import { appUrl } from '../../kernel/file-url';

// Kept free of runtime imports from @pest/contracts (decision 0009): the home page and the wizard
// build these addresses in the browser.

/** Where the wizard sends a farmer when no card fits. */
export const advisoryHref = '/consultation/advisory';

/**
 * The address of a wizard step (decision 0151): `id` the crop, `level` the level shown, `o` the
 * options chosen so far, level 1 first. Without `level` the step after the last choice is shown.
 */
export function wizardHref(cropId?: number, chosen: readonly number[] = [], level?: number): string {
  if (cropId === undefined) return '/consultation';
  const params = new URLSearchParams({ id: String(cropId) });
  if (level !== undefined) params.set('level', String(level));
  for (const option of chosen) params.append('o', String(option));
  return `/consultation?${params.toString()}`;
}

/**
 * A final card's record link carries the wizard step it was chosen on (`wizard`), so the record
 * page can lead back to that step beside its own back-to-list (decision 0371). IPM links stay as
 * they are.
 */
export function finalLinkHref(link: string, stepHref: string): string {
  if (!link.startsWith('/search/bug/detail?')) return link;
  const step = stepHref.slice(stepHref.indexOf('?') + 1);
  return `${link}&${new URLSearchParams({ wizard: step }).toString()}`;
}

/** Picture addresses come from the server without the base path ('files/records/…', the `_mod` variant). */
export function wizardPictureUrl(path: string): string {
  return appUrl(path);
}

/** The 160 px thumbnail beside the 480 px `_mod` picture, so small cards fetch the small one. */
export function wizardPictureSrcSet(modPath: string): string | undefined {
  const thumb = modPath.replace(/_mod(\.[A-Za-z0-9]+)(\?|$)/, '_thumb$1$2');
  return thumb === modPath ? undefined : `${appUrl(thumb)} 160w, ${appUrl(modPath)} 480w`;
}
