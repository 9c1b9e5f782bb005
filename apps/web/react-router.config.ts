import type { Config } from '@react-router/dev/config';

// BASE_PATH is applied at build time (npm start builds before serving); the server refuses a mismatch.
const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  basename: `${basePath}/`,
} satisfies Config;
