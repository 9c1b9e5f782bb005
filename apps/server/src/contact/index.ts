// The contact feature's public module: what the app and other features may import from it.
export { contactFeature } from './contact-feature';
export type { ContactServices } from './contact-services';
