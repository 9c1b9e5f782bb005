// Every table of the application, gathered for Drizzle (queries and drizzle-kit).
export * from './seed-runs.schema';
export * from '../../site/schema';
export * from '../../reading-room/schema';
export * from '../../records/schema';
