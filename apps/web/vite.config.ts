import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// The api in development; BROOD_API_URL points elsewhere (e.g. an api on another port).
const api = process.env.BROOD_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // zod and the module that turns its eval probe off share one chunk, so the switch runs before
        // any chunk builds a schema (a schema built earlier probes Function(''), which the CSP reports).
        manualChunks: (id: string) => (/[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]no-eval\.ts$/.test(id) ? 'zod' : undefined),
      },
    },
  },
});
