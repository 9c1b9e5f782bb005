import type { relatedLinksAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { relatedLinks } from '../schema';

export type RelatedLinkAdminRow = z.input<typeof relatedLinksAdminContract.row>;

/** A related link as the admin lists and shows it, and as its audit entries record it. */
export function relatedLinkAdminRow(row: typeof relatedLinks.$inferSelect): RelatedLinkAdminRow {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    sort: row.sort,
    hidden: row.hidden,
    url_checked: row.urlChecked,
    updated_at: row.updatedAt.toISOString(),
  };
}
