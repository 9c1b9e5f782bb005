// The pest alerts' public module on the web: what other features may import from it.
export { ActiveAlerts } from './active-alerts';
export { memberAlertsSection } from './member-alerts-section';
