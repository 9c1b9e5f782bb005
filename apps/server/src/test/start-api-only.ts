// Starts the application without the web app, configured by the environment like main.ts:
// for tests that need a real process (kill, restart) but no web build.
// Prints "API listening at <url>" once it accepts requests.
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { closeOnSignals } from '../platform/process/close-on-signals';

const env = loadEnv();
const app = await buildApp({ env, web: false });
const address = await app.listen({ host: env.HOST, port: env.PORT });
console.log(`API listening at ${address}`);
// The same shutdown as main.ts.
closeOnSignals(app);
