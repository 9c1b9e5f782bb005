import { loadEnvOrExit, startedOrExit } from './platform/process/start-or-exit';
import { closeOnSignals } from './platform/process/close-on-signals';

const env = loadEnvOrExit();

// The application's modules load only once the environment is valid: a refused start says why
// in about a second, not after loading the whole server.
const { buildApp } = await import('./app');
const app = await startedOrExit(buildApp({ env }));
await app.listen({ host: env.HOST, port: env.PORT });

closeOnSignals(app);
