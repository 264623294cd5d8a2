// Lint rules that keep the layers honest: nothing imports http/ or cli/, core modules stay free of I/O adapters,
// and the matching engine is imported only through its face (src/matching/index.ts).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The layers below `http` and `cli`: none of them may import those two (only main.ts wires http, only bin runs cli).
const CORE = '{services,store,domain,lists,matching,wallets,adverse-media,ingest,rate-limit,test-support}';

// Import patterns a layer must not match (gitignore syntax: a `!` pattern lets a path through), and why.
const NO_HTTP_CLI = {
  group: ['**/http/**', '**/cli/**', 'fastify'],
  message: 'Core layers must not depend on http/ or cli/.',
};
const PURE = {
  group: ['**/store/**', '**/services/**', 'kysely', 'pg', 'better-sqlite3', 'ioredis'],
  message: 'Domain and matching are pure.',
};
const MATCHING_FACE = {
  group: ['**/matching/**', '!**/matching/index.js'],
  message: 'Import the matching engine through src/matching/index.js, its one face.',
};
const MATCHING_FOLDER_FACES = {
  group: ['**/storage/*', '!**/storage/index.js', '**/scripts/*', '!**/scripts/index.js'],
  message: 'Import a folder of the matching engine through its index.js.',
};

// The last block that sets a rule for a file wins (its options are not merged), so each block lists every
// restriction of its files.
const layer = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'web/dist/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in src/config.ts.',
        },
      ],
    },
  },
  {
    files: [
      'src/config.ts',
      '**/*.test.ts',
      'test/**',
      'bench/**',
      'src/test-support/**',
      'vitest.config.ts',
      // Vite reads its config from a default export.
      'web/vite.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  { files: ['eslint.config.js'], rules: { 'no-restricted-syntax': 'off' } },
  layer(['**/*.{ts,tsx,js,mjs}'], [MATCHING_FACE], ['src/matching/**']),
  layer(
    [
      'src/services/**',
      'src/store/**',
      'src/lists/**',
      'src/wallets/**',
      'src/adverse-media/**',
      'src/ingest/**',
    ],
    [NO_HTTP_CLI, MATCHING_FACE],
  ),
  layer(['src/domain/**', 'src/errors.ts'], [NO_HTTP_CLI, PURE, MATCHING_FACE]),
  layer(['src/matching/**'], [NO_HTTP_CLI, PURE, MATCHING_FOLDER_FACES]),
  // Import graph rules over the server code (src/): no cycles, and the layering the README promises.
  {
    files: ['src/**/*.ts'],
    // Tests may read the store to check what a route wrote; they are leaves, so they cannot close a cycle.
    ignores: ['src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`./src/${CORE}/**/*`, './src/{core,config,errors}.ts'],
              from: ['./src/http', './src/cli'],
              message: 'Nothing below the HTTP and CLI layers imports them.',
            },
            {
              target: './src/main.ts',
              from: './src/cli',
              message: 'The CLI runs the service, not the reverse.',
            },
            {
              target: './src/http/**/*',
              from: './src/store',
              message: 'HTTP never touches the store: go through a service.',
            },
          ],
        },
      ],
    },
  },
);
