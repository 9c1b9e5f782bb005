// The catalogue feature's public module: what the app and other features may import from it.
export { catalogueFeature } from './catalogue-feature';
export type { CatalogueServices } from './catalogue-services';
