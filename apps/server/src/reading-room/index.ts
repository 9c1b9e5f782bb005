// The reading room's public module: what the app and other features may import from it.
export { readingRoomFeature } from './reading-room-feature';
export type { ReadingRoomServices } from './reading-room-services';
export { findIpmSheetsByTitle } from './services/find-ipm-sheets-by-title';
export { findExistingIpmSheets } from './services/find-existing-ipm-sheets';
// The expert desk attaches IPM sheets by typing a name (decision 0375).
export { findIpmSheetsTitled } from './services/find-ipm-sheets-titled';
// The wizard's admin checks a card's target exists and is published (decision 0272).
export { findIpmSheetLinkTarget } from './services/find-ipm-sheet-link-target';
// The wizard leaves out final cards whose IPM sheet is not published, and its pages name the IPM lists' tag.
export { findPublishedIpmSheetIds } from './services/find-published-ipm-sheet-ids';
export { ipmListsTag } from './reading-room-cache-tags';
// The home page shows the news section: its cache entry carries the news lists' tag (decision 0452).
export { newsListsTag } from './reading-room-cache-tags';
// Generated demo PDFs (Chinese text, the demo notice on every page), for other features' demo content.
export { createDemoPdfWriter, demoNotice, type DemoDocument } from './seed/demo-pdf';
// A saved crop's pack lists its IPM sheets with their PDFs (decision 0390).
export { listIpmSheetPackEntries, type IpmSheetPackEntry } from './services/list-ipm-sheet-pack-entries';
