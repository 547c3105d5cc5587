import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { arcoStyleImports } from './build/arcoStyleImports.ts';

/** Where `npm run dev` sends /api, /live and /app-config.json: the gateway, unless told otherwise. */
const backend = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** Vendor chunks that change rarely and are needed by every route, so browsers keep them cached across releases. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 30 },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|i18next-resources-to-backend|html-parse-stringify|void-elements)[\\/]/, priority: 20 },
  { name: 'http', test: /node_modules[\\/](axios|js-cookie)[\\/]/, priority: 20 },
  // The part of Arco (and what it builds on) that boot needs; screens carry the components only they use.
  { name: 'arco', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 10 },
];

export default defineConfig({
  plugins: [arcoStyleImports(), react()],
  server: {
    proxy: {
      '/api': backend,
      '/app-config.json': backend,
      '/live': { target: backend, ws: true },
    },
  },
  build: {
    // scripts/check-bundle.mjs reads the manifest to weigh what the login route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @pest/shared builds TypeBox schemas at module level for the server. The console uses only
        // its constants and types, so the schema builders count as pure and drop out of the bundle.
        manualPureFunctions: ['Type', 'Envelope', 'Page'],
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
