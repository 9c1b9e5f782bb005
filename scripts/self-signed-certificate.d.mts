// Types of self-signed-certificate.mjs for the TypeScript that imports it (scripts/bench/two-servers.ts).
export function makeSelfSignedCertificate(folder: string): { key: string; cert: string };
