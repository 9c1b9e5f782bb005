/** Every page that resolves a crop name through the vocabulary: stale when a crop or synonym changes. */
export const cropsTag = 'crops';
