import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type PluginOption, type Rollup } from 'vite';

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

const source = (path: string) => fileURLToPath(new URL(`src/${path}`, import.meta.url));
const ENTRY = source('main.tsx');
/** The sign-in chunk: what /auth loads beside the entry. */
const SIGN_IN_ROOTS = [source('app/routes/auth-routes.tsx')];
/** What a signed-in student's page loads beside the entry: the shell, the route loaders, the student and shared pages. */
const SIGNED_IN_ROOTS = [
  source('app/authenticated-shell.tsx'),
  source('app/route-prefetch.ts'),
  source('app/routes/student-routes.tsx'),
  source('app/routes/shared-routes.tsx'),
];

/** Every module a set of modules imports statically, directly or not (themselves included). */
function staticallyReachable(roots: string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Two chunks instead of some thirty (docs/decisions/077): on a phone's connection each file costs a
 * round trip, and a signed-in page's first render waits for all of its code. Everything the sign-in
 * page's chunk imports (and the entry does not) goes into `sign-in`; everything the signed-in shell,
 * the route loaders and the student and shared pages import (and neither the entry nor `sign-in`
 * does) into `signed-in`. The admin and coach environments, and whatever is imported dynamically
 * (charts, SCORM players, texts), are split as Rollup sees fit.
 */
function chunkGroups(): Rollup.GetManualChunk {
  let groups: { entry: Set<string>; signIn: Set<string>; signedIn: Set<string> } | undefined;
  return (id, { getModuleInfo }) => {
    groups ??= {
      entry: staticallyReachable([ENTRY], getModuleInfo),
      signIn: staticallyReachable(SIGN_IN_ROOTS, getModuleInfo),
      signedIn: staticallyReachable(SIGNED_IN_ROOTS, getModuleInfo),
    };
    if (id.startsWith('\0') || groups.entry.has(id)) return undefined;
    if (groups.signIn.has(id)) return 'sign-in';
    if (groups.signedIn.has(id)) return 'signed-in';
    return undefined;
  };
}

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
      output: { manualChunks: chunkGroups(), onlyExplicitManualChunks: true },
      // Libraries mark their modules "use client" for server components; meaningless in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
