import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from './build/precompress';
import { withoutCssVariablesTheme } from './build/without-css-variables-theme';

const API_ORIGIN = process.env.HOMEWARD_API_ORIGIN ?? 'http://localhost:3000';
// Keep the browser's Host header: the provider builds its endpoint URLs from it, and they must
// point at this dev server, the one origin the browser talks to.
const toServer = { target: API_ORIGIN, changeOrigin: false };

export default defineConfig({
  // The server sends the build's .br/.gz copies as they are (apps/server platform/http/web-app.ts).
  // MUI's CSS-variables theming, which the app's theme does not use, is left out (see the plugin).
  plugins: [react(), withoutCssVariablesTheme(), precompressBuild()],
  build: {
    // Every browser the build targets but Firefox before 115 and Safari before 17 preloads modules
    // itself; in those, chunks still load, just not ahead of time. The polyfill would cost every
    // visitor 0.2 KB gzip on the home route.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    // The home route budget is checked on gzip sizes by bench:startup; per-chunk warnings add nothing.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads before the first render anyway; as one
          // chunk it compresses about 8 KB (gzip) better than the dozen shared chunks the bundler
          // would split it into. Screens and other lazy imports stay chunks of their own.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
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
