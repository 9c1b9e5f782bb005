import type { Config } from '@react-router/dev/config';

// BASE_PATH is applied at build time (npm start builds before serving); the server refuses a mismatch.
const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR lets a second build (e.g. for another base path) live beside the default one.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  basename: `${basePath}/`,
} satisfies Config;
