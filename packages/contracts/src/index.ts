export * from './errors';
export * from './envelopes';
export * from './site';
export * from './safe-html';
export * from './records';
export * from './reading-room';
