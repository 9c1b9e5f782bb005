import { data, type AppLoadContext } from 'react-router';
import { isStaffPreview, previewHeaders } from '../kernel/staff-preview';
import { loadById } from './load-by-id';

/**
 * A reading-room detail page's data (decisions 0240, 0250): what `load` reads for the page's `id`,
 * drafts included when staff preview it (`?preview=1`); a preview adds whether its admin row is
 * published and is never stored by a cache. A missing or unknown id is the route's 404.
 */
export async function loadPreviewable<T extends object>(
  request: Request,
  context: AppLoadContext,
  options: {
    load: (id: number, visibility: { drafts: boolean }) => Promise<T>;
    /** The admin resource whose row says whether the item is published. */
    adminResource: string;
    missingMessage: string;
    /** What a preview changes in the data (a draft's files are served with `?preview=1`). */
    forPreview?: (loaded: T) => T;
  },
) {
  const drafts = await isStaffPreview(request, context);
  const { id, loaded } = await loadById(
    request,
    async (id) => ({ id, loaded: await options.load(id, { drafts }) }),
    options.missingMessage,
  );
  if (!drafts) return { ...loaded, preview: null };
  const row = await context.admin.get(options.adminResource, String(id));
  const preview = { published: row.state === 'published' };
  return data({ ...(options.forPreview?.(loaded) ?? loaded), preview }, { headers: previewHeaders });
}
