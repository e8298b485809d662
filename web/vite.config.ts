import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The shared zod schemas are compiled from source, so the web app never waits on a contracts build.
    alias: {
      '@app/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:8080',
        changeOrigin: false,
        // The gateway accepts changes only from its own origin (PUBLIC_URL); this server's pages are
        // ours too, so their Origin is dropped (Sec-Fetch-Site still says same-origin).
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyRequest, request) => {
            if (request.headers.origin === `http://${request.headers.host}`) proxyRequest.removeHeader('origin');
          }),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
