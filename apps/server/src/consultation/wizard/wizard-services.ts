import { TaggedMemo } from '../../platform/cache/tagged-memo';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { listCropOfflinePack } from '../crop-pack/list-crop-offline-pack';
import { getWizardStep, type WizardStepInput } from './services/get-wizard-step';
import { wizardTag } from './wizard-cache-tags';
import { listWizardCrops } from './services/list-wizard-crops';
import { listWizardLevels } from './services/list-wizard-levels';
import { listWizardOptions, type ListWizardOptionsInput } from './services/list-wizard-options';

/** The diagnosis wizard's service functions (read only: its trees come from the demo seed). */
export function createWizardServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // The crop menu is on every wizard page and the home page (decision 0411); a crop's save publishes wizardTag.
  const menu = new TaggedMemo(invalidation);
  return {
    listCrops: () =>
      menu.get(
        'crops',
        () => listWizardCrops(db),
        () => [wizardTag],
      ),
    listLevels: (cropId: number) => listWizardLevels(db, cropId),
    listOptions: (input: ListWizardOptionsInput) => listWizardOptions(db, input),
    getStep: (input: WizardStepInput) => getWizardStep(db, input),
    /** A crop's offline pack for 存到手機 (decision 0390). */
    offlinePack: (cropName: string) => listCropOfflinePack(db, cropName),
  };
}

export type WizardServices = ReturnType<typeof createWizardServices>;
