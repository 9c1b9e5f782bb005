import { buildApp } from './app';
import { loadEnvOrExit, startedOrExit } from './platform/process/start-or-exit';
import { closeOnSignals } from './platform/process/close-on-signals';

const env = loadEnvOrExit();

const app = await startedOrExit(buildApp({ env }));
await app.listen({ host: env.HOST, port: env.PORT });

closeOnSignals(app);
