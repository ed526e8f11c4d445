import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROLE_PREDICATES = [
  'hasRole',
  'hasAnyRole',
  'isAllStaff',
  'isStaff',
  'isAcademyStaff',
  'isSupport',
  'isAuthor',
  'isAdmin',
  'isManager',
  'isCoach',
  'isStudent',
  'canManageCourses',
  'canManageMultiplePortals',
  '[A-Z_]+_ROLES',
].join('|');

const serverImports = { group: ['@leerpad/server', '@leerpad/server/*'] };

// Web feature folders never import each other; they meet only in route files (STYLE.md §8). A file
// in features/<name>/ may not import a path that climbs out into a sibling feature folder.
const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          serverImports,
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              regex: `^(\\.\\./)+(features/)?${other}(/|$)`,
              message:
                'A feature does not import another feature; move shared pieces to components/ or lib/.',
            })),
        ],
      },
    ],
  },
}));

const roleComparisons = [
  {
    selector: `ImportDeclaration[source.value='@leerpad/core'] ImportSpecifier[imported.name=/^(${ROLE_PREDICATES})$/]`,
    message: "Ask can(subject, '<action:entity>') instead of comparing roles.",
  },
  {
    selector:
      "CallExpression[callee.object.property.name='roles'][callee.property.name=/^(includes|some|indexOf|find)$/]",
    message: "Ask can(subject, '<action:entity>') instead of comparing roles.",
  },
  {
    selector: "BinaryExpression > MemberExpression[object.name='ROLES']",
    message: "Ask can(subject, '<action:entity>') instead of comparing roles.",
  },
];

// A query on a tenant table takes a PortalScope (db/schema.ts); only context/portal.ts makes one.
const portalScopeCast = {
  selector: "TSAsExpression > TSTypeReference[typeName.name='PortalScope']",
  message: 'A portal scope comes from the request (request.portal.id), not from a cast.',
};

// Handlers parse, authorise, call a service or command and present: SQL lives in a module's
// service.ts, queries.ts or commands, never in a route file (decision 052).
const QUERY_BUILDER_METHODS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'transaction',
  'executeQuery',
].join('|');
const queryInRoute =
  'A route file does not query the database: move the query into the module service, queries or a command.';
const routeQueries = [
  { selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDER_METHODS})$/]`, message: queryInRoute },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: queryInRoute },
  { selector: "CallExpression[callee.object.name='sql']", message: queryInRoute },
  ...["object.name='db'", "object.property.name='db'"].map((db) => ({
    selector: `CallExpression > MemberExpression.callee[${db}]:not([property.name=/^(${QUERY_BUILDER_METHODS})$/])`,
    message: queryInRoute,
  })),
];

// Server modules stand in layers (docs/decisions/014-module-boundaries.md): a module imports only
// modules of lower layers, so no two modules can import each other, however indirectly. A module
// that is not listed imports no other module until it has a layer. http/ is the edge: modules use
// its helpers, it uses no module; app.ts and modules/index.ts compose the two.
const SERVER_MODULE_LAYERS = [
  ['audit'],
  // Any module may emit a webhook event (decision 022).
  ['webhooks'],
  ['accounts', 'portals', 'files', 'feedback'],
  [
    'notifications',
    'me',
    'preferences',
    'subscription-promotions',
    'course-content',
    'impersonations',
    'feature-flags',
    'api-tokens',
    'portal-setup',
    'xapi',
    'analytics',
  ],
  [
    'auth',
    'catalog-categories',
    'content-labels',
    'enrollments',
    'announcements',
    'agreements',
    'mailing-list',
  ],
  ['courses', 'learning-objects', 'quizzes', 'answers', 'content-issues', 'scorm'],
  // cmi5 builds on SCORM's package handling and the LRS (decision 068).
  ['cmi5'],
  ['commerce', 'tickets', 'lti'],
  ['certifications'],
  ['coaching', 'portfolio'],
  ['approvals'],
  // Walks every module's tables (decision 059).
  ['portal-transfer'],
];
const serverDir = 'apps/server/src';
const layered = SERVER_MODULE_LAYERS.flat();
const edge = 'http/ is the edge: it does not import modules; compose them in app.ts or modules/index.ts.';
const serverModule = (names) => ({ element: { type: 'server-module', captured: { name: names } } });
const serverBoundaries = {
  files: [`${serverDir}/**/*.ts`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/elements': [
      { type: 'server-module', pattern: `${serverDir}/modules/*`, capture: ['name'] },
      { type: 'server-http', pattern: `${serverDir}/http` },
    ],
    'boundaries/files': [
      { category: 'composition', pattern: [`${serverDir}/app.ts`, `${serverDir}/modules/index.ts`] },
      { category: 'test', pattern: '**/*.test.ts' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'server-http' } },
            disallow: { to: { element: { type: 'server-module' } } },
            message: edge,
          },
          {
            from: { element: { type: 'server-http' } },
            disallow: { to: { file: { categories: 'composition' } } },
            message: edge,
          },
          {
            // Sweeps over every route (route.test.ts) take the composed list.
            from: { element: { type: 'server-http' }, file: { categories: 'test' } },
            allow: { to: { file: { categories: 'composition' } } },
          },
          ...SERVER_MODULE_LAYERS.map((layer, index) => ({
            from: serverModule(layer),
            disallow: {
              to: serverModule(
                layered.filter((name) => !SERVER_MODULE_LAYERS.slice(0, index).flat().includes(name)),
              ),
            },
            message:
              'A server module imports only modules of lower layers (SERVER_MODULE_LAYERS in eslint.config.js); move what both need down.',
          })),
          {
            from: serverModule(`!{${layered.join(',')}}`),
            disallow: { to: serverModule('*') },
            message: 'Place a new server module in SERVER_MODULE_LAYERS (eslint.config.js).',
          },
        ],
      },
    ],
  },
};

// The web app has no import cycles (decision 053): a file never needs, however indirectly, a file that
// needs it. The rule follows value imports; keep type imports one-way too (a type's owner stands below
// the files that use it).
const webNoCycle = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.prof/**',
      '**/.tmp/**',
      // Third-party bundles kept as published (see their README).
      'apps/server/vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@leerpad/server', '@leerpad/web', 'node:*', 'fastify', 'kysely', 'react'] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    // The SCORM packages the browser tests build: plain scripts that run in the content frame.
    files: ['e2e/fixtures/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Role names are compared in one place only: can() in packages/core/src/permissions.ts.
    files: ['apps/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...roleComparisons, portalScopeCast] },
  },
  {
    files: ['apps/server/src/**/*routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...roleComparisons, portalScopeCast, ...routeQueries] },
  },
  {
    // No two server files import each other, however indirectly (type-only imports included).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The portal resolution of a request is the one place a portal id becomes a scope.
    files: ['apps/server/src/context/portal.ts'],
    rules: { 'no-restricted-syntax': ['error', ...roleComparisons] },
  },
  {
    // Services, policies and commands throw domain errors (src/domain/errors.ts); the HTTP edge
    // (route files and http/) maps them to statuses and JSON:API errors.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/routes.ts', '**/*-routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http/errors$',
              message: 'Throw a domain error (src/domain/errors.ts); http/errors.ts is for route files.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain vocabulary knows nothing of HTTP.
    files: ['apps/server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)http(/|$)', message: 'The domain layer does not know HTTP.' },
            { group: ['fastify'], message: 'The domain layer does not know HTTP.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  serverBoundaries,
  webNoCycle,
);
