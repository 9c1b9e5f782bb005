// The admin shell's public module: what a feature's own screens inside /admin may use.
export { AdminErrorPage } from './admin-error-page';
export { adminCall, isServiceError } from './admin-errors';
