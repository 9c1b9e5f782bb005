// The pest alerts' public module: what the app and other features may import from it.
export { alertsFeature } from './alerts-feature';
export { alertsTag } from './alerts-cache-tags';
export type { AlertsServices } from './alerts-services';
