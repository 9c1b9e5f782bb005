// The platform's own tables. Why: decision 0050.
export * from './seed-runs.schema';
export * from '../http/rate-limit/rate-limit.schema';
export * from '../privacy/visitor-salt.schema';
export * from '../audit/audit-log.schema';
export * from '../uploads/stored-files.schema';
export * from '../mail/mail-outbox.schema';
export * from '../admin/admin-create-keys.schema';
export * from '../personal-data/personal-data-exports.schema';
export * from '../push/push.schema';
