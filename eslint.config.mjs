// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'];

/**
 * Each remote is deployed alone, so none may import another's code, and the shell may import
 * none of them (it loads them at run time); shared and api import no front-end package.
 */
const packageBoundaries = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: ['./shell', './api', ...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: `${remote} is deployed on its own: talk to other remotes through the shared store or storefront events, never their code.`,
  })),
  { target: './shell', from: REMOTES.map((remote) => `./${remote}`), message: 'The shell loads remotes at run time through the composition; it never imports them.' },
  { target: './shared', from: ['./shell', './api', ...REMOTES.map((remote) => `./${remote}`)], message: 'shared depends on no package that depends on it.' },
  { target: './api', from: ['./shell', ...REMOTES.map((remote) => `./${remote}`)], message: 'The api knows nothing of the front-ends.' },
  {
    target: './release-state',
    from: ['./contracts', './shared', './api', './shell', './edge', './e2e', './scripts', './bench', ...REMOTES.map((remote) => `./${remote}`)],
    message: 'The release state depends on no package of the store: the edge, the api and the compose command depend on it.',
  },
  {
    target: './contracts',
    from: ['./shared', './api', './shell', './edge', './e2e', ...REMOTES.map((remote) => `./${remote}`)],
    message: 'The contracts depend on no package of the store: shared and the api depend on them.',
  },
  // The tooling's arrows point one way, bench → e2e → scripts → the store's packages, never back.
  {
    target: [
      ...['./contracts', './release-state', './shared', './api', './shell', './edge', ...REMOTES.map((remote) => `./${remote}`)],
      ...['./webpack.common.ts', './webpack.remote.ts', './build', './loaders'],
    ],
    from: ['./scripts', './e2e', './bench'],
    message: 'The store\'s packages and its build never import the tooling (scripts, e2e, bench): the tooling imports them.',
  },
  { target: './scripts', from: ['./e2e', './bench'], message: 'scripts stands below the browser suite and the bench: they import it, never the other way.' },
  { target: './e2e', from: ['./bench'], message: 'The bench imports the browser suite\'s entries (its browser, the first-load model), never the other way.' },
  // A team builds its remote alone: its build config reads no other package's source.
  ...REMOTES.map((remote) => ({
    target: [`./${remote}/webpack.config.ts`, './webpack.common.ts', './webpack.remote.ts', './build', './loaders'],
    from: ['./shell', './edge', ...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: 'A remote builds on its own: its webpack config (and webpack.common.ts, webpack.remote.ts, build/) may not import the shell, the edge or another remote.',
  })),
];

const API = './api/src';
const apiEntries = readdirSync(new URL('./api/src', import.meta.url), { withFileTypes: true });
/** The api's areas: each folder under api/src/modules is one module. */
const API_MODULES = readdirSync(new URL('./api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What the modules stand on: the api's shared layers (plugins, identity, mail, db…). */
const API_LAYERS = apiEntries.filter((entry) => !['modules', 'app.ts', 'server.ts', 'cli', 'seed', 'testing'].includes(entry.name) && !entry.name.endsWith('.test.ts')).map((entry) => `${API}/${entry.name}`);

/**
 * The api's rooms (docs/architecture.md). A module is used from outside only through its
 * index.ts: its routes, queries and schemas are its own, so it can change them alone. The shared
 * layers never import a module: arrows point one way, modules → plugins → db.
 */
const apiBoundaries = [
  ...API_MODULES.map((module) => ({
    target: [
      ...apiEntries.filter((entry) => entry.name !== 'modules').map((entry) => `${API}/${entry.name}`),
      ...API_MODULES.filter((other) => other !== module).map((other) => `${API}/modules/${other}`),
      './scripts',
      './e2e',
      './edge',
      './bench',
    ],
    from: `${API}/modules/${module}`,
    except: ['./index.ts'],
    message: `Use the ${module} module through its public file (api/src/modules/${module}/index.ts): its other files are its own.`,
  })),
  {
    target: API_LAYERS,
    from: `${API}/modules`,
    message: 'The shared layers never import a module: a module adds what it owns to them (an expiry task, a barrier, a decoration).',
  },
  {
    target: API_LAYERS.filter((layer) => layer !== `${API}/plugins`).map((layer) => (layer.endsWith('.ts') ? layer : `${layer}/!(*.test).ts`)),
    from: `${API}/plugins`,
    message: 'The building blocks (identity, mail, schemas, db…) stand below the plugins: they never import one.',
  },
  {
    target: `${API}/db/!(*.test).ts`,
    from: API_LAYERS.filter((layer) => layer !== `${API}/db`),
    message: 'The database layer stands on nothing else of the api.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'releases/**', '**/*.js', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Without a parser for TypeScript, import-x reads no .ts file it follows, and no-cycle sees no loop.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['storefront-source', 'types', 'import', 'require', 'default'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Loops are looked for in the repository's own files; a package's own imports are not followed
      // (a loop between the store's packages is already refused by the package boundaries below).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...packageBoundaries, ...apiBoundaries] }],
      // Packages talk through their entries (`exports` in each package.json: `@storefront/edge/packages`,
      // `@storefront/scripts/start-store`…), never by a relative path into another package's files.
      // The package is the nearest package.json: scripts/ is one, bench/ and the build factory are the root's.
      'import-x/no-relative-packages': ['error', { commonjs: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': true, 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(mfe-(catalog|product|cart|account))(/|$)', message: 'Remotes are loaded at run time, never imported.' }] }],
    },
  },
  {
    // The router, store and toast libraries reach the shell and the remotes through
    // @storefront/shared (shared/src/libraries.ts): one copy on the page, tree-shaken.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(mfe-(catalog|product|cart|account))(/|$)', message: 'Remotes are loaded at run time, never imported.' },
            {
              regex: '^(react-router(-dom)?|react-redux|react-toastify|@reduxjs/toolkit)(/|$)',
              message: 'Import it from @storefront/shared (shared/src/libraries.ts), so the page keeps one tree-shaken copy.',
            },
          ],
        },
      ],
    },
  },
  {
    // A wire shape is defined once, as a schema in @storefront/contracts: the browser's code takes
    // only its type (`import type`), so no bundle carries the schemas or TypeBox. Tests may check
    // what the code sends against the schema.
    files: ['shared/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@storefront/contracts', 'typebox'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Browser code takes a wire shape\'s type only (`import type`, or shared\'s types): the schemas and TypeBox stay out of the bundles.',
          })),
          patterns: [{ group: ['typebox/*'], allowTypeImports: true, message: 'Browser code takes TypeBox\'s types only (`import type`).' }],
        },
      ],
    },
  },
  {
    // Shared's wire types are interfaces that extend their schema's static type and add nothing
    // (`interface Product extends Static<typeof ProductSchema> {}`): a named type, which editors,
    // errors and shared/public-surface.txt show by its name, that is still defined once.
    files: ['shared/src/types/**/*.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  {
    // The benchmarks' monolith build (npm run build:monolith -w shell) bundles the remotes' exposed
    // modules into the shell on purpose: it is what run-time composition is measured against.
    files: ['shell/monolith/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': 'off', 'import-x/no-relative-packages': 'off' },
  },
  {
    // The repository's one build factory (webpack.common.ts, webpack.remote.ts, their parts and
    // loaders) sits at its root, in the root package, which no package can import by name: each
    // front-end's webpack config builds through it by a relative path, and so does the e2e suite's
    // stand-in for mfe-catalog.
    files: ['mfe-*/webpack.config.ts', 'shell/webpack.config.ts', 'shell/webpack.monolith.ts', 'e2e/fixtures/throwing-remote/webpack.config.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
