import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type PluginOption } from 'vite';

/*
 * No @vitejs/plugin-react here: it is installed at the workspace root, where it imports the root's
 * Vite 8 (Rolldown) — the one Vitest uses — and then configures Vite 8-only hooks that this app's
 * Vite 7 rejects in development ("Missing field moduleType"). esbuild compiles the JSX (automatic
 * runtime, as tsconfig says); the cost is full reloads instead of React Fast Refresh in development.
 * Vitest (vitest.config.ts) runs on Vite 8 and does use the plugin.
 *
 * The Tailwind plugin is typed against the root's Vite too; the cast only bridges the declarations.
 */
const plugins = [tailwindcss()] as unknown as PluginOption[];

// Served by the API server from dist/ in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins,
  esbuild: { jsx: 'automatic' },
  server: {
    port: 5173,
    // The API server; LEERPAD_API_URL points elsewhere (e.g. a second server on another port).
    proxy: {
      '/api': { target: process.env.LEERPAD_API_URL ?? 'http://localhost:3000', changeOrigin: false },
      // Open Badges verifiers read the portal's key and revocation list here.
      '/.well-known/jwks.json': { target: process.env.LEERPAD_API_URL ?? 'http://localhost:3000' },
      '/credentials/status-list': { target: process.env.LEERPAD_API_URL ?? 'http://localhost:3000' },
    },
  },
  build: {
    target: 'es2022',
    // For scripts/route-preloads.mjs: which files each lazy route chunk consists of.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // Libraries mark their modules "use client" for server components; meaningless in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
