// The downloads feature's public module: what the app and other features may import from it.
export { downloadsFeature } from './downloads-feature';
export type { DownloadsServices } from './downloads-services';
