// Every table of the application, gathered for Drizzle (queries and drizzle-kit).
export * from './seed-runs.schema';
export * from '../http/rate-limit/rate-limit.schema';
export * from '../privacy/visitor-salt.schema';
export * from '../../site/schema';
export * from '../../reading-room/schema';
export * from '../../records/schema';
