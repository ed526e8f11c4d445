// Preloaded (NODE_OPTIONS=--require) into every process of the Node 22 test leg (scripts/node22.mjs).
// The root install builds better-sqlite3's addon for the Node that ran `npm install`; an addon is tied
// to one Node ABI, so here that file is swapped for the copy scripts/node22.mjs built for Node 22.
'use strict';
const binding = process.env.LEERPAD_NODE22_SQLITE_ADDON;
const installed = /[\\/]better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/;
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  return dlopen.call(this, module, binding && installed.test(filename) ? binding : filename, ...rest);
};
