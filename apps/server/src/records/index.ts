// The records feature's public module: what the app and other features may import from it.
export { recordsFeature } from './records-feature';
export { pesticidesTag, recordListsTag, recordTag } from './records-cache-tags';
export type { RecordsServices } from './records-services';
// Consultation's similar answers read the records through this (decision 0162).
export { findRecordsLike, type RecordLike } from './services/find-records-like';
export { listRecordSummaries } from './services/list-record-summaries';
export { findRecordPictureKeys } from './services/find-record-picture-keys';
export { findRecordsByName, type RecordByName } from './services/find-records-by-name';
export { findExistingRecords } from './services/find-existing-record-ids';
// The expert desk attaches records by typing a name (decision 0375).
export { findRecordsNamed } from './services/find-records-named';
// The wizard's admin checks a card's target exists and is published (decision 0272).
export { findRecordLinkTarget } from './services/find-record-link-target';
// The wizard leaves out final cards whose record is not published.
export { findPublishedRecordIds } from './services/find-published-record-ids';
// A saved crop's pack lists its records and pesticide pages (decision 0390).
export { listRecordPackEntries, type RecordPackEntry } from './services/list-record-pack-entries';
export { listCropPesticidePack, type CropPesticidePack } from './services/list-crop-pesticide-pack';
