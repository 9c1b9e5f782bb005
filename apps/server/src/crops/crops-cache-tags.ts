/** Every page that resolves a crop name through the vocabulary: stale when a crop or synonym changes. */
export const cropsTag = 'crops';

/**
 * Crop pages that show the active pest alerts: the alerts feature publishes it, the pages carry it.
 * It lives with the crop vocabulary, which both reach, so neither imports the other (decision 0402).
 */
export const cropAlertsTag = 'alerts';
