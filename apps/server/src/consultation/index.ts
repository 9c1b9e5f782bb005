// The consultation feature's public module: what the app and other features may import from it.
export { consultationFeature } from './consultation-feature';
export { advisoryCaseTag, advisoryListTag } from './advisory/advisory-cache-tags';
export type { AdvisoryServices } from './advisory/advisory-services';
