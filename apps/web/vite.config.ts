import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');

export default defineConfig(({ isSsrBuild }) => ({
  base: `${basePath}/`,
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    // One chunk for the framework every page loads (decision 0078).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
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
