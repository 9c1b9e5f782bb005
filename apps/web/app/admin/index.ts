// The admin shell's public module: what a feature's own screens inside /admin may use.
export { AdminErrorPage } from './admin-error-page';
export { adminCall, isServiceError } from './admin-errors';
// A feature's own form screen generated from its contract (the pesticide import's upload form).
export { AdminForm } from './admin-form';
export { submitAdminForm } from './admin-form-action';
// A create form's key: one row however often the same form is posted (decision 0276).
export { createKeyField, createKeyOf, newCreateKey } from './admin-create-key';
// A stored file's address for staff (the pesticide import's original CSV).
export { adminFileUrl } from './admin-value';
