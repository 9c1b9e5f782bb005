// The crop vocabulary's public module (decision 0360): what the app and other features may import from it.
export { cropsFeature } from './crops-feature';
export { cropAlertsTag, cropsTag } from './crops-cache-tags';
export type { CropsServices } from './crops-services';
export {
  cropLookupNames,
  cropsByNameKey,
  listCropVocabulary,
  resolveCrop,
  type CropVocabularyEntry,
  type ResolvedCrop,
} from './services/resolve-crop';
export {
  addCropLinks,
  listCropTargets,
  listLinkedCrops,
  removeCropLinks,
  replaceCropLinks,
  resolveCropIds,
  type CropLinkKind,
} from './services/crop-links';
