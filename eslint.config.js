// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { tableOwnerRule } from './scripts/lint/table-owners.mjs';
import { API_MODULES, WEB_FEATURES } from './scripts/lint/module-graph.mjs';
import { OVERSIZED_FILES, OVERSIZED_FUNCTIONS } from './scripts/lint/size-exceptions.mjs';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration in env.ts only (house style).',
};
const noRawHtml = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Raw HTML needs the sanitiser: render text, or sanitise in one reviewed component.',
};

/**
 * One transaction style (decision 075): the executor (`Db`: a transaction or the pool) is a function's last
 * parameter, required where the work joins the caller's transaction, `db: Db = this.db` where it may run alone.
 * Constructors are exempt (they keep their connection); a repository is never built on a transaction.
 */
const DB_TYPED = "[typeAnnotation.typeAnnotation.typeName.name='Db']";
const executorLast = {
  selector:
    ':matches(FunctionDeclaration, FunctionExpression, ArrowFunctionExpression, TSFunctionType, TSMethodSignature, ' +
    'TSDeclareFunction, TSEmptyBodyFunctionExpression, TSCallSignatureDeclaration)' +
    ":not(MethodDefinition[kind='constructor'] > FunctionExpression) > " +
    `:matches(Identifier${DB_TYPED}, AssignmentPattern[left.typeAnnotation.typeAnnotation.typeName.name='Db'])` +
    ':not(:last-child)',
  message:
    'The executor (Db) is the last parameter: `tx: Db` to join the caller, `db: Db = this.db` to run alone (decision 075).',
};
const noRepositoryOnTransaction = {
  selector: 'NewExpression[callee.name=/Repository$/][arguments.0.name=/^(tx|trx|savepoint)$/]',
  message:
    "Pass the transaction to the repository's method (its last parameter) instead of building a repository on it (decision 075).",
};
/** One clock (decision 076): the time zone and Rome days in packages/shared/src/time/rome.ts, SQL times in db/wire-time.ts. */
const noRomeLiteral = {
  selector: ":matches(Literal[value='Europe/Rome'], TemplateElement[value.raw=/Europe.Rome/])",
  message: "The shop's time zone is TIME_ZONE of @spesa/shared/time/rome (decision 076).",
};
const noAdHocTimeZone = {
  selector: ':matches(Literal[value=/AT TIME ZONE/i], TemplateElement[value.raw=/AT TIME ZONE/i])',
  message:
    'Times in SQL go through apps/api/src/db/wire-time.ts: wireTimestamp(column, precision), romeDay, romeInstant… (decision 076).',
};
/** wire-time's helpers return SQL: inside a plain string (`sql.raw(\`…${wireTimestamp(…)}\`)`) they print [object Object]. */
const sqlTimeInSqlTemplate = {
  selector:
    ':not(TaggedTemplateExpression) > TemplateLiteral > ' +
    'CallExpression[callee.name=/^(wireTimestamp|wordpressTimestamp|romeDay|romeDayText|romeInstant|romeWallClock)$/]',
  message:
    'A time helper of db/wire-time.ts returns SQL: interpolate it in a sql`…` template, not in a string.',
};
const CLOCK_RULES = [noRomeLiteral, noAdHocTimeZone, sqlTimeInSqlTemplate];
const TRANSACTION_RULES = [executorLast, noRepositoryOnTransaction];
/** The clock's own files. */
const CLOCK_FILES = ['packages/shared/src/time/rome.ts', 'apps/api/src/db/wire-time.ts'];
/**
 * The one file passing the executor first on purpose: `queryRows(db, query)` reads as `db.execute(query)`,
 * the executor as the subject, in some 600 calls (decision 075).
 */
const TRANSACTION_PENDING = ['apps/api/src/db/rows.ts'];

/** Packages and apps: shared stays framework-free; the web app and the API never import each other. */
const BASE_ZONES = [
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
];

/** Zones forbidding every import between folders of `base` that `graph` does not declare. */
function moduleZones(base, graph) {
  const folders = readdirSync(new URL(base, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  for (const f of folders)
    if (!(f in graph)) throw new Error(`eslint.config.js: declare ${base}/${f}'s dependencies`);
  for (const [m, deps] of Object.entries(graph))
    for (const d of deps)
      if (!(d in graph)) throw new Error(`eslint.config.js: ${m} depends on unknown ${d}`);
  const visiting = new Set();
  const done = new Set();
  const visit = (m, path) => {
    if (done.has(m)) return;
    if (visiting.has(m))
      throw new Error(`eslint.config.js: circular module dependencies ${[...path, m].join(' -> ')}`);
    visiting.add(m);
    for (const d of graph[m]) visit(d, [...path, m]);
    visiting.delete(m);
    done.add(m);
  };
  for (const m of Object.keys(graph)) visit(m, []);
  return Object.entries(graph).flatMap(([m, deps]) =>
    Object.keys(graph)
      .filter((o) => o !== m && !deps.includes(o))
      .map((o) => ({
        target: `${base}/${m}`,
        from: `${base}/${o}`,
        message: `${m} may not import ${o}: its declared dependencies are [${deps.join(', ')}] (eslint.config.js)`,
      })),
  );
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-app/**',
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
          zones: [...BASE_ZONES],
        },
      ],
    },
  },
  // One owner per table: an API module writes only its own tables (tests may set up any data).
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { spesa: { rules: { 'table-owner': tableOwnerRule } } },
    rules: { 'spesa/table-owner': 'error' },
  },
  // Layers and module directions of the product's code (tests may reach any fixture or build the app).
  {
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...BASE_ZONES,
            // web layers: shared pieces (lib, components) -> features -> app
            ...['./apps/web/src/lib', './apps/web/src/components'].flatMap((target) => [
              { target, from: './apps/web/src/features', message: 'lib/ and components/ know no feature' },
              { target, from: './apps/web/src/app', message: 'lib/ and components/ know no route' },
            ]),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features know no route',
            },
            // api layers: plugins and lib know no module; a module's facts reach a plugin as a port, given to
            // registerAppPlugins by app.ts (decision 077)
            ...['./apps/api/src/plugins', './apps/api/src/lib'].map((target) => ({
              target,
              from: './apps/api/src/modules',
              message:
                'plugins/ and lib/ know no module: declare a port here, let the module give it (decision 077)',
            })),
            // lib/ is the bottom layer: the HTTP client, the toasts and the sign-in kit know no UI piece
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/components',
              message: 'lib/ knows no component: lift the piece both need into lib/',
            },
            // signing in is lib's (use-auth, login-dialog-store, logout, server-errors, account-keys): a
            // feature that may import account for its domain pieces still does not sign in through it
            {
              target: Object.keys(WEB_FEATURES)
                .filter((f) => f !== 'account')
                .map((f) => `./apps/web/src/features/${f}`),
              from: [
                './apps/web/src/features/account/hooks',
                './apps/web/src/features/account/api/login.ts',
                './apps/web/src/features/account/api/get-auth-test.ts',
                './apps/web/src/features/account/components/login-dialog.tsx',
                './apps/web/src/features/account/components/login-form.tsx',
                './apps/web/src/features/account/components/require-auth.tsx',
              ],
              message:
                "sign in through lib/ (use-auth, login-dialog-store, logout), not the account feature's internals",
            },
            ...moduleZones('./apps/api/src/modules', API_MODULES),
            ...moduleZones('./apps/web/src/features', WEB_FEATURES),
          ],
        },
      ],
    },
  },
  // The web app calls the API through callApi, typed by the endpoint's contract (decision 029); components
  // read their texts through lib/i18n (decision 064).
  {
    files: ['apps/web/src/{app,features,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/http'],
              importNames: ['apiRequest'],
              message: "call the endpoint through callApi('METHOD /path', …), typed by its contract",
            },
          ],
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'withTranslation', 'Translation'],
              message:
                "texts through lib/i18n's useTranslation: one language, no subscription per component (decision 064)",
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
  // Size: a file over 500 lines or a function over 120 is split along its seams. Route registration, seeds,
  // tests and tools are exempt; the files that are over today are listed in scripts/lint/size-exceptions.mjs,
  // each to leave that list when it is split.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.routes.ts', 'apps/api/src/db/seed/**'],
    rules: {
      'max-lines': ['error', { max: 500 }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  { files: OVERSIZED_FILES, rules: { 'max-lines': 'off' } },
  { files: OVERSIZED_FUNCTIONS, rules: { 'max-lines-per-function': 'off' } },
  // One transaction style and one clock on the product's code (decisions 075, 076); the files still on the old
  // ways are listed above, each block leaving out the rule it is not ready for.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', noProcessEnv, noRawHtml, ...CLOCK_RULES, ...TRANSACTION_RULES],
    },
  },
  {
    files: CLOCK_FILES,
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, noRawHtml, ...TRANSACTION_RULES] },
  },
  {
    files: TRANSACTION_PENDING,
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, noRawHtml, ...CLOCK_RULES] },
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
