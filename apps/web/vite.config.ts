import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { serwist } from '@serwist/vite';
import { defineConfig } from 'vite';
import { shellChunkName } from './shell-chunk.js';

const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');
const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app');
const reactRouterDist = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('react-router/package.json'))),
  'dist',
  'production',
);

export default defineConfig(({ isSsrBuild }) => ({
  base: `${basePath}/`,
  plugins: [
    reactRouter(),
    // The service worker, built with the client (decision 0386): `sw.js` at the client build's root.
    // Nothing is precached from the build: the worker keeps the offline page and its stylesheets
    // when installed, and pages, files and scripts as a visitor reads them.
    ...(isSsrBuild
      ? []
      : [
          serwist({
            swSrc: 'service-worker/service-worker.ts',
            swDest: 'sw.js',
            globDirectory: path.resolve(path.dirname(appDir), process.env.WEB_BUILD_DIR ?? 'build', 'client'),
            globPatterns: [],
            injectionPoint: 'self.__SW_MANIFEST',
            rollupFormat: 'iife',
            // npm run dev serves no worker (the registration is for production builds only).
            disable: process.env.NODE_ENV === 'development',
          }),
        ]),
  ],
  // React Router's package exports point at its development build only; the production build
  // differs by its development warnings turned off, which the browser then never downloads
  // (decision 0275). The server keeps the package's own resolution.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
        ],
      },
  build: {
    target: 'es2022',
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    // One chunk for the framework and the site's shell, which every page loads (decisions 0078, 0275).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: shellChunkName(path.join(appDir, 'root.tsx')),
                  debugName: 'framework and shell',
                  priority: 2,
                },
              ],
            },
          },
        },
  },
  ssr: {
    // Bundled into the server build so their CSS imports resolve.
    noExternal: ['swiper'],
  },
}));
