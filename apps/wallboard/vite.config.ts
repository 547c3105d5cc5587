import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` sends /api and /live: the gateway, unless told otherwise. */
const backend = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

// Asset URLs relative to the page: where the board is served is the gateway's to decide
// (WALLBOARD_BASE in @pest/shared, the bare path redirected to it), so the build keeps no copy.
// A config file cannot import @pest/shared: Node loads its imports untranspiled.
export default defineConfig({
  base: './',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/api': backend,
      '/live': { target: backend, ws: true },
    },
  },
  build: {
    // ECharts is one large vendor chunk by nature; the board loads it once and runs for weeks.
    chunkSizeWarningLimit: 2_000,
    rolldownOptions: {
      treeshake: {
        // @pest/shared builds TypeBox schemas at module level for the server; the board uses only
        // its constants and types, so the schema builders count as pure and drop out of the bundle.
        manualPureFunctions: ['Type', 'Envelope', 'Page'],
      },
    },
  },
});
