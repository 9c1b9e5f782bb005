// The records feature's public module: what the app and other features may import from it.
export { recordsFeature } from './records-feature';
export { pesticidesTag, recordListsTag, recordTag } from './records-cache-tags';
export type { RecordsServices } from './records-services';
