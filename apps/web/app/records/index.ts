// The records feature's public module: what the shell and other features may import from it.
export { HomeRecordsSection, homeRecordListLength } from './home-records-section';
