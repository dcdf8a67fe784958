// Builds the browser app into dist/; in development, proxies the API, the live channel and the login service.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { firstRouteChunks, heroiconsPerModule, preloadFirstRoute } from './scripts/first-route-chunks';
import { translationParts } from './scripts/translation-parts';

const firstRoute = { app: 'src/app.tsx', home: 'src/views/pages/home/HomePage.tsx' };

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [heroiconsPerModule(), translationParts(firstRoute), preloadFirstRoute(), react(), tailwindcss()],
  // RxJS's ES2015 build: its default ES5 one brings class emulation and tslib to the first route.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api/ws': { target: server.replace(/^http/, 'ws'), ws: true },
      '/api': server,
      '/auth': server,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      // A circular chunk leaves the order its chunks run in to chance: the build fails instead of warning.
      onwarn(warning, warn) {
        if (warning.code === 'CIRCULAR_CHUNK') throw new Error(warning.message);
        warn(warning);
      },
      output: {
        // Few requests for the first route (decision 0197): its code in three chunks, and the lazily loaded
        // chunks merged up to a size worth a request of their own.
        manualChunks: firstRouteChunks(firstRoute),
        experimentalMinChunkSize: 20_000,
      },
    },
  },
});
