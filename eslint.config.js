// Lint rules that keep the layers honest: nothing imports http/ or cli/, and core modules stay free of I/O adapters.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The layers below `http` and `cli`: none of them may import those two (only main.ts wires http, only bin runs cli).
const CORE = '{services,store,domain,lists,matching,wallets,adverse-media,ingest,rate-limit,test-support}';

const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
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
  layer(
    [
      'src/services/**',
      'src/store/**',
      'src/domain/**',
      'src/lists/**',
      'src/matching/**',
      'src/wallets/**',
      'src/adverse-media/**',
      'src/ingest/**',
      'src/errors.ts',
    ],
    ['**/http/**', '**/cli/**', 'fastify'],
    'Core layers must not depend on http/ or cli/.',
  ),
  layer(
    ['src/domain/**', 'src/matching/**', 'src/errors.ts'],
    ['**/store/**', '**/services/**', 'kysely', 'pg', 'better-sqlite3', 'ioredis'],
    'Domain and matching are pure.',
  ),
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
