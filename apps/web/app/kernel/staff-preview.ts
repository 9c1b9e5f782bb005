import type { AppLoadContext } from 'react-router';

/**
 * Whether a detail page is asked for as a staff preview (decisions 0240, 0250): `?preview=1` from
 * an editor or admin shows the item whatever its state, under the preview banner. For anyone else
 * the address is the public page (a draft is then not found). Records and the reading room share
 * this one rule, so a preview link is written the same way everywhere.
 */
export async function isStaffPreview(request: Request, context: AppLoadContext): Promise<boolean> {
  if (new URL(request.url).searchParams.get('preview') !== '1') return false;
  const viewer = await context.getViewer();
  return viewer !== null && viewer.roles.some((role) => role === 'editor' || role === 'admin');
}

/** A preview is the staff member's own: never stored by a browser or a shared cache. */
export const previewHeaders = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } as const;
