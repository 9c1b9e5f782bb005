import { buildApp } from './app';
import { loadEnvOrExit } from './platform/process/start-or-exit';
import { closeOnSignals } from './platform/process/close-on-signals';

// The job worker (npm run worker): the same features and jobs as the server, run in a process of
// their own so a larger site's jobs (image conversion, mail) never slow its pages. The servers then
// run with JOBS=off. PostgreSQL only: the embedded database belongs to the one server process.
const env = loadEnvOrExit();

if (!env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL). On the embedded database jobs can only run inside the ' +
      'server process, which does so by default (JOBS=inline): start the server alone.',
  );
  process.exit(1);
}

const app = await buildApp({ env: { ...env, JOBS: 'inline' }, web: false, worker: true });
app.log.info({ jobs: app.jobs.names() }, 'worker running jobs; start the servers with JOBS=off');
closeOnSignals(app);
