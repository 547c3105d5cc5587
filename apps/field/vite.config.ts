import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` sends /api: the gateway, unless told otherwise. */
const backend = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

// Asset URLs relative to the page, as the wallboard's: where the app is served is the gateway's to
// decide (FIELD_BASE in @pest/shared). The manifest's scope and start are relative for the same reason.
// A config file cannot import @pest/shared: Node loads its imports untranspiled.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    VitePWA({
      // main.tsx registers the worker itself: an injected inline script would break the CSP (script-src 'self').
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: '现场服务',
        short_name: '现场服务',
        description: '有害生物防治技术员现场服务',
        lang: 'zh-CN',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f4f6f5',
        theme_color: '#1d6f42',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The whole shell, the QR decoder's lazy chunk included, so a phone that opened the app once opens it offline.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    port: 5175,
    proxy: { '/api': backend },
  },
  build: {
    rolldownOptions: {
      treeshake: {
        // @pest/shared builds TypeBox schemas at module level for the server; the app uses only its
        // constants, types and pure rules, so the schema builders count as pure and drop out of the bundle.
        manualPureFunctions: ['Type', 'Envelope', 'Page'],
      },
    },
  },
});
