// One lint setup for every workspace. The import boundaries of the layout (docs/architecture.md) are lint rules
// here; scripts/lint-rules.test.mjs proves that each one fails on a file that breaks it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = folders('./apps/web/src/features');
const serverDomains = folders('./apps/server/src/domains');
const webShared = ['components', 'hooks', 'lib', 'stores', 'utils', 'config', 'testing'];

const restrictedPaths = (zones) => ['error', { zones }];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/meta/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // Tests, benchmarks and scripts may assert what they just checked; source code proves it instead.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/bench/**', 'e2e/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The contract imports only zod, never an app.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@otboo/server*', '@otboo/web*', '../../apps/*'] }],
    },
  },
  {
    // Only config.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    // Routes never import the database or a repo: the service decides, the repo queries.
    files: ['apps/server/src/domains/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/db/*', '**/db/**', '**/*.repo.js'] }] },
  },
  {
    // A domain's index.ts is its module and what other domains may read (mappers, helpers, types), never a
    // repository: another domain's data comes through the owning module's `api` (docs/architecture.md).
    files: ['apps/server/src/domains/*/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/*.repo.js', '**/*.repo'] }] },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/bench/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // A domain reaches another only through that domain's index.ts.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        serverDomains.map((domain) => ({
          target: `./apps/server/src/domains/${domain}`,
          from: './apps/server/src/domains',
          except: [`./${domain}`, ...serverDomains.map((other) => `./${other}/index.ts`)],
          message: 'Another domain is reached through its index.ts only.',
        })),
      ),
    },
  },
  {
    // Benchmarks use a domain as another domain would: through its index.ts (its module's api), never its
    // repositories or services; a job's benchmark builds the modules as the app does (app/create-modules.ts).
    files: ['apps/server/bench/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        {
          target: './apps/server/bench',
          from: './apps/server/src/domains',
          except: serverDomains.map((domain) => `./${domain}/index.ts`),
          message: 'A benchmark reaches a domain through its index.ts only.',
        },
      ]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow shared → features → app: features never import each other, shared code never imports up.
      'import-x/no-restricted-paths': restrictedPaths([
        ...webFeatures.map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
          message: 'Features never import each other; a route in app/ composes them.',
        })),
        {
          target: webShared.map((folder) => `./apps/web/src/${folder}`),
          from: ['./apps/web/src/features', './apps/web/src/app'],
          message: 'Shared code never imports a feature or the app.',
        },
        {
          target: './apps/web/src/features',
          from: './apps/web/src/app',
          message: 'A feature never imports the app.',
        },
      ]),
    },
  },
);
