import type { WizardCropInput, WizardLevelCreate, WizardLevelUpdate } from '@pest/contracts';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { wizardCropTag, wizardTag } from '../wizard/wizard-cache-tags';
import { deleteWizardLevel } from './delete-wizard-level';
import { deleteWizardOption } from './delete-wizard-option';
import { saveWizardCrop } from './save-wizard-crop';
import { saveWizardLevel } from './save-wizard-level';
import { saveWizardOption } from './save-wizard-option';
import { listWizardCropRows } from './wizard-crop-rows';
import { listWizardLevelRows } from './wizard-level-rows';
import { listWizardOptionRows } from './wizard-option-rows';
import { findWizardPictureFile } from './wizard-picture';

const oneRow = { page: 1, pageSize: 1, sort: { key: 'id', direction: 'asc' as const }, filters: {} };

/**
 * The wizard's trees kept in /admin (decisions 0270–0274): `context.services.
 * consultation.wizardAdmin`. Each write commits, then drops the wizard pages it changed: a crop's
 * change every wizard page (the crop menu is on each), a level's or an option's its crop's only.
 */
export function createWizardAdminServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  const changedCrop = (cropId: number) => invalidation.publish([wizardCropTag(cropId)]);
  return {
    listCrops: (query: Parameters<typeof listWizardCropRows>[1]) => listWizardCropRows(db, query),
    getCrop: async (id: number) => (await listWizardCropRows(db, oneRow, id)).rows[0] ?? null,
    saveCrop: async (actor: Viewer, id: number | null, input: WizardCropInput) => {
      const saved = await saveWizardCrop(db, actor, id, input);
      await invalidation.publish([wizardTag]);
      return saved;
    },
    listLevels: (query: Parameters<typeof listWizardLevelRows>[1]) => listWizardLevelRows(db, query),
    getLevel: async (id: number) => (await listWizardLevelRows(db, oneRow, id)).rows[0] ?? null,
    saveLevel: async (actor: Viewer, id: number | null, input: WizardLevelCreate | WizardLevelUpdate) => {
      const saved = await saveWizardLevel(db, actor, id, input);
      await changedCrop(saved.cropId);
      return saved.id;
    },
    deleteLevel: async (actor: Viewer, id: number) => {
      const { cropId } = await deleteWizardLevel(db, actor, id);
      await changedCrop(cropId);
    },
    listOptions: (query: Parameters<typeof listWizardOptionRows>[1]) => listWizardOptionRows(db, query),
    getOption: async (id: number) => (await listWizardOptionRows(db, oneRow, id)).rows[0] ?? null,
    saveOption: async (actor: Viewer, id: number | null, input: Parameters<typeof saveWizardOption>[3]) => {
      const saved = await saveWizardOption(db, actor, id, input);
      await changedCrop(saved.cropId);
      return saved.id;
    },
    deleteOption: async (actor: Viewer, id: number) => {
      const { cropId } = await deleteWizardOption(db, actor, id);
      await changedCrop(cropId);
    },
    findPictureFile: (storedFileId: string) => findWizardPictureFile(db, storedFileId),
  };
}

export type WizardAdminServices = ReturnType<typeof createWizardAdminServices>;
