// Types of build-server.mjs for the TypeScript that imports it (apps/server/src/test/built-entry.ts).
import type { BuildResult } from 'esbuild';

export const serverDir: string;
export const serverEntries: Record<string, string>;
export function buildServer(options?: {
  outdir?: string;
  logLevel?: 'silent' | 'error' | 'warning' | 'info';
  entryPoints?: Record<string, string>;
}): Promise<BuildResult>;
