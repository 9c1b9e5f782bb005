// The site shell's public module: what the app and other features may import from it.
export { siteFeature } from './site-feature';
export type { SiteServices } from './site-services';
export { systemSettingsTag } from './site-services';
