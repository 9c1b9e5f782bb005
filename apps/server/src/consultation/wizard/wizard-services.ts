import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { listCropOfflinePack } from '../crop-pack/list-crop-offline-pack';
import { getWizardStep, type WizardStepInput } from './services/get-wizard-step';
import { listWizardCrops } from './services/list-wizard-crops';
import { listWizardLevels } from './services/list-wizard-levels';
import { listWizardOptions, type ListWizardOptionsInput } from './services/list-wizard-options';

/** The diagnosis wizard's service functions (read only: its trees come from the demo seed). */
export function createWizardServices({ db }: Pick<FeatureContext, 'db'>) {
  return {
    listCrops: () => listWizardCrops(db),
    listLevels: (cropId: number) => listWizardLevels(db, cropId),
    listOptions: (input: ListWizardOptionsInput) => listWizardOptions(db, input),
    getStep: (input: WizardStepInput) => getWizardStep(db, input),
    /** A crop's offline pack for 存到手機 (decision 0390). */
    offlinePack: (cropName: string) => listCropOfflinePack(db, cropName),
  };
}

export type WizardServices = ReturnType<typeof createWizardServices>;
