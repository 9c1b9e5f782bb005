/** The wizard's crop menu: every wizard page shows it, so a crop's change reaches them all. */
export const wizardTag = 'consultation:wizard';

/** One crop's levels and options: only that crop's wizard pages are built from them. */
export const wizardCropTag = (cropId: number) => `consultation:wizard:crop:${cropId}`;
