import type {
  AdminListQuery,
  PublicationState,
  QuickFileCreate,
  quickFilesAdminContract,
  QuickFileUpdate,
  quickItemsAdminContract,
  RelatedLink,
  relatedLinksAdminContract,
} from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { quickItemTag, quickListsTag, relatedLinksTag } from './reading-room-cache-tags';
import { quickFileKind } from './services/child-file-kinds';
import { deleteChildFile } from './services/delete-child-file';
import { deleteQuickItem } from './services/delete-quick-item';
import { deleteRelatedLink } from './services/delete-related-link';
import { listQuickFileAdminRows } from './services/list-quick-file-admin-rows';
import { listQuickItemAdminRows } from './services/list-quick-item-admin-rows';
import { listRelatedLinkAdminRows } from './services/list-related-link-admin-rows';
import { listRelatedLinks } from './services/list-related-links';
import { saveChildFile } from './services/save-child-file';
import { saveQuickItem } from './services/save-quick-item';
import { saveRelatedLink } from './services/save-related-link';
import { setReadingRoomState } from './services/set-reading-room-state';

type QuickItemFilters = z.output<typeof quickItemsAdminContract.filters>;
type QuickFileFilters = z.output<typeof quickFilesAdminContract.filters>;
type RelatedLinkFilters = z.output<typeof relatedLinksAdminContract.filters>;

/**
 * The editors' writes of quick-start items, their files and the related links, and
 * the cached links of /link. Spread into the reading room's services (reading-room-services.ts).
 */
export function createReadingRoomItemsServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // /link is asked for on every visit and changes rarely: the links are kept until a write
  // (in this process or another) reports relatedLinksTag.
  let links: Promise<RelatedLink[]> | null = null;
  let linksVersion = 0;
  const quickTags = (id: number) => [quickListsTag, quickItemTag(id)];
  return {
    /** The links /link shows, cached until an editor changes one. */
    listRelatedLinks: () => {
      if (links && invalidation.isStale([relatedLinksTag], linksVersion)) links = null;
      if (!links) {
        linksVersion = invalidation.now();
        links = listRelatedLinks(db).catch((error: unknown) => {
          links = null;
          throw error;
        });
      }
      return links;
    },
    listRelatedLinkAdminRows: (query: AdminListQuery<RelatedLinkFilters>, id?: number) =>
      listRelatedLinkAdminRows(db, query, id),
    saveRelatedLink: async (actor: Viewer, input: Parameters<typeof saveRelatedLink>[2], id?: number) => {
      const saved = await saveRelatedLink(db, actor, input, id);
      await invalidation.publish([relatedLinksTag]);
      return saved.id;
    },
    deleteRelatedLink: async (actor: Viewer, id: number) => {
      await deleteRelatedLink(db, actor, id);
      await invalidation.publish([relatedLinksTag]);
    },

    listQuickItemAdminRows: (query: AdminListQuery<QuickItemFilters>, id?: number) =>
      listQuickItemAdminRows(db, query, id),
    /** The quick-start list (its title and date) and the item's page. */
    saveQuickItem: async (actor: Viewer, input: Parameters<typeof saveQuickItem>[2], id?: number) => {
      const saved = await saveQuickItem(db, actor, input, id);
      await invalidation.publish(quickTags(saved.id));
      return saved.id;
    },
    setQuickItemState: async (actor: Viewer, id: number, state: PublicationState) => {
      if (await setReadingRoomState(db, actor, 'quick-item', id, state)) await invalidation.publish(quickTags(id));
    },
    deleteQuickItem: async (actor: Viewer, id: number) => {
      await deleteQuickItem(db, actor, id);
      await invalidation.publish(quickTags(id));
    },
    listQuickFileAdminRows: (query: AdminListQuery<QuickFileFilters>, id?: number) =>
      listQuickFileAdminRows(db, query, id),
    /** A file is on its item's page only (the list shows no files). */
    saveQuickFile: async (
      actor: Viewer,
      input: (QuickFileCreate | QuickFileUpdate) & { quick_id?: number },
      id?: number,
    ) => {
      const saved = await saveChildFile(db, actor, quickFileKind, id ?? null, input);
      await invalidation.publish([quickItemTag(saved.parentId)]);
      return saved.id;
    },
    deleteQuickFile: async (actor: Viewer, id: number) => {
      const { parentId } = await deleteChildFile(db, actor, quickFileKind, id);
      await invalidation.publish([quickItemTag(parentId)]);
    },
  };
}
