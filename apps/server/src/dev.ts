import { buildApp } from './app';
import { closeOnSignals } from './platform/process/close-on-signals';
import { loadEnvOrExit, startedOrExit } from './platform/process/start-or-exit';
import { createWebDevServer } from './platform/ssr/web-dev-server';

// npm run dev (decision 0325): the server from its TypeScript sources, restarted by `tsx watch` when
// one changes, and the web app from Vite's dev server with hot reload, no build needed.
const env = loadEnvOrExit();

const app = await startedOrExit(buildApp({ env, webDevServer: createWebDevServer }));
await app.listen({ host: env.HOST, port: env.PORT });
app.log.info(`development server on ${env.publicUrl}/ (web app hot-reloaded, server restarted on change)`);

closeOnSignals(app);
