import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';

const webRoot = fileURLToPath(new URL('../../../../web', import.meta.url));

/** The web app from Vite's dev server in middleware mode, inside this Fastify server (npm run dev, decision 0325). */
export async function createWebDevServer(httpServer: Server): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  return createServer({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
}
