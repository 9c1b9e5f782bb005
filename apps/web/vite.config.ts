import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const basePath = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');

export default defineConfig({
  base: `${basePath}/`,
  plugins: [reactRouter()],
  build: { target: 'es2022', sourcemap: process.env.WEB_SOURCEMAP === 'true' },
  ssr: {
    // Bundled into the server build so their CSS imports resolve.
    noExternal: ['swiper'],
  },
});
