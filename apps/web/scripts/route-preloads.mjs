#!/usr/bin/env node
// Writes dist/route-preloads.json from Vite's build manifest: per address prefix, the lazy chunks a
// signed-in page there needs (with the chunks they import), so the server can name them in the page
// as <link rel="modulepreload"> and they load beside the entry script (docs/decisions/015).
// The prefixes follow src/app/routes.tsx; '/' is every signed-in page (the shell, route loaders).
// A chunk is named by its source module, or by its name when vite.config.ts groups several modules
// into one (the `signed-in` chunk: the shell, the route loaders, the student and shared pages).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const admin = ['src/app/routes/admin-routes.tsx'];
const coach = ['src/app/routes/coach-routes.tsx'];
const ROUTES = {
  '/': ['signed-in'],
  '/admin': admin,
  '/academy': admin,
  '/coach': coach,
  '/approvals': coach,
};

/**
 * Text files per prefix, per language: the language's shell texts and the namespaces a page there
 * asks for first (route-prefetch.ts). The server names those of the visitor's language (decision 077).
 */
const TEXTS = {
  '/': ['src/i18n/{locale}.json', 'src/i18n/pages/{locale}.json'],
  '/catalog': ['src/i18n/learning/{locale}.json'],
  '/courses': ['src/i18n/learning/{locale}.json'],
};
const LOCALES = ['en', 'nl', 'ro'];

const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
/** The manifest key of a source module or of a named chunk. */
const keyOf = (module) =>
  module in manifest
    ? module
    : Object.keys(manifest).find((key) => manifest[key].name === module && !manifest[key].src);
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);

/** A chunk's file and those of everything it imports statically, by manifest key. */
function files(module, seen = new Set()) {
  const key = keyOf(module);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${module} is not in the build manifest`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) files(imported, seen);
  return seen;
}

// The entry and its imports are in the page already.
const inPage = new Set([...files(Object.keys(manifest).find((key) => manifest[key] === entry))]);
const preloads = [...new Set([...Object.keys(ROUTES), ...Object.keys(TEXTS)])].map((prefix) => ({
  prefix,
  files: [
    ...new Set(
      (ROUTES[prefix] ?? []).flatMap((module) => [...files(module)].filter((key) => !inPage.has(key))),
    ),
  ].map((key) => `/${manifest[key].file}`),
  ...(TEXTS[prefix]
    ? {
        texts: Object.fromEntries(
          LOCALES.map((locale) => [
            locale,
            TEXTS[prefix].map((pattern) => {
              const module = pattern.replace('{locale}', locale);
              if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
              return `/${manifest[module].file}`;
            }),
          ]),
        ),
      }
    : {}),
}));
writeFileSync(join(dir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
console.log(`route preloads for ${preloads.length} prefixes written`);
