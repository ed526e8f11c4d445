import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
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
    // Role names are compared in one place only: can() in packages/core/src/permissions.ts.
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
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
      ],
    },
  },
  ...featureBoundaries,
);
