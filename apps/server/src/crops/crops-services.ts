import type { AdminListQuery, CropInput, cropsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { cropsTag } from './crops-cache-tags';
import { listLinkedCrops, type CropLinkKind } from './services/crop-links';
import { listCropRows } from './services/list-crop-rows';
import { cropLookupNames, listCropVocabulary, resolveCrop } from './services/resolve-crop';
import { deleteCrop, saveCrop } from './services/save-crop';

/**
 * The crop vocabulary's services, bound once (`services.crops.*`). Writes publish `cropsTag`:
 * every cached page that resolved a crop name may now resolve it otherwise.
 */
export function createCropsServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  const changed = () => invalidation.publish([cropsTag]);
  return {
    resolveCrop: (name: string) => resolveCrop(db, name),
    cropLookupNames: (name: string) => cropLookupNames(db, name),
    listCropVocabulary: () => listCropVocabulary(db),
    /** The crops a record or IPM sheet is linked to (its page offers 存到手機 for each, decision 0390). */
    linkedCropNames: async (kind: CropLinkKind, id: number) => (await listLinkedCrops(db, kind, [id])).get(id) ?? [],
    listCropRows: (query: AdminListQuery<z.output<typeof cropsAdminContract.filters>>) => listCropRows(db, query),
    getCropRow: async (id: number) => (await listCropRows(db, adminQueryOne, id)).rows[0] ?? null,
    saveCrop: async (actor: Viewer, id: number | null, input: CropInput) => {
      const saved = await saveCrop(db, actor, id, input);
      await changed();
      return saved;
    },
    deleteCrop: async (actor: Viewer, id: number) => {
      await deleteCrop(db, actor, id);
      await changed();
    },
  };
}

const adminQueryOne = { page: 1, pageSize: 1, filters: {}, sort: { key: 'sort_order', direction: 'asc' as const } };

export type CropsServices = ReturnType<typeof createCropsServices>;
