export * from './errors';
export * from './envelopes';
export * from './site';
