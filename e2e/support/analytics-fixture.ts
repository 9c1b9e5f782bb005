/** The Google tag the fixture server's system settings carry (start-fixture-server.ts), for tests/analytics.spec.ts. */
export const analyticsTagId = 'G-E2ETEST01';
