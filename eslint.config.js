// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration in env.ts only (house style).',
};
const noRawHtml = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Raw HTML needs the sanitiser: render text, or sanitise in one reviewed component.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-restricted-syntax': ['error', noProcessEnv, noRawHtml],
    },
  },
  // Boundaries: packages/shared stays framework-free; the web app and the API never import each other.
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'shared must not depend on an app' },
            {
              target: './apps/web',
              from: './apps/api',
              message: 'the web app talks to the API over HTTP only',
            },
            { target: './apps/api', from: './apps/web', message: 'the API must not import the web app' },
            // api layers: routes -> services -> repositories; repositories never import routes.
            {
              target: './apps/api/src/modules/**/*.repository.ts',
              from: './apps/api/src/modules/**/*.routes.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Configuration files and tools may read the environment.
  {
    files: [
      '**/env.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.config.ts',
      '**/vite.config.ts',
      '**/test/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-syntax': ['error', noRawHtml] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
);
