import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = process.env.HOMEWARD_API_ORIGIN ?? 'http://localhost:3000';
// Keep the browser's Host header: the provider builds its endpoint URLs from it, and they must
// point at this dev server, the one origin the browser talks to.
const toServer = { target: API_ORIGIN, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The home route budget is checked on gzip sizes by bench:startup; per-chunk warnings add nothing.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      treeshake: {
        // The contracts package only declares schemas and constants, but its top-level zod calls look
        // like side effects to the bundler, which would ship every schema to the home route.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    // In development the API, sign-in and discovery endpoints live on the Fastify server.
    proxy: {
      // `ws`: the realtime channel (/api/realtime) is a WebSocket.
      '/api': { ...toServer, ws: true },
      '/connect': toServer,
      '/.well-known': toServer,
      // The provider's login pages (/account/interaction/...); `/account` itself is an SPA screen.
      '^/account/': toServer,
    },
  },
});
