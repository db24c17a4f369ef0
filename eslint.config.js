// ESLint (npm run lint, part of npm test): TypeScript's recommended rules, the rules of hooks, no import cycles, and
// the folders' layering (shared/DESIGN.md "Layout"): each folder is used through its public entry, and imports point
// one way: engine <- renderer <- app; api <- app, shop, server, stories; server never imports React code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Folders and what each may not import: another folder's internals, or a folder above it in the layering. */
const zones = [
  // The engine knows no React, no DOM, no app, no server, no contract.
  { target: './engine', from: ['./renderer', './app', './shop', './server', './api', './stories'], message: 'The engine depends on nothing of the shop.' },
  // The contract is shared by the browser and the server: it imports neither.
  { target: './api', from: ['./renderer', './app', './shop', './server', './stories'], message: 'api/ is the contract both sides import; it imports neither.' },
  // The design system is the lowest floor of the web app: tokens, base styles and components that know no flow, page or server.
  {
    target: './ui',
    from: ['./engine', './renderer', './app', './shop', './server', './api', './stories'],
    message: 'ui/ is the design system: it imports nothing of the shop.',
  },
  { target: './renderer', from: ['./app', './shop', './server'], message: 'The renderer shows any flow; it knows nothing of the app or the server.' },
  { target: './shop', from: ['./app', './server'], message: 'shop/ is composed by app/, and talks to the server through api/.' },
  { target: './app', from: ['./server'], message: 'The web app talks to the server through api/, never by importing it.' },
  // The page frame knows no page: the router composes them (app/router.tsx).
  {
    target: './app/shell',
    from: ['./app/consultation', './app/signin', './app/account'],
    message: 'app/shell is the frame; pages import it, not the other way.',
  },
  // The runner knows no flow kind (app/flow/README.md): of app/ it may use only the frame, error reporting and
  // tracking (each step shown, for the drop-off report), so a kind's folder (app/consultation, app/checkout, the next
  // ones) is out of its reach without being listed here.
  {
    target: './app/flow',
    from: './app',
    except: ['./flow', './shell', './report-error.ts', './error-reports.ts', './tracking'],
    message: 'app/flow runs any flow kind and imports none: a flow kind brings its components and adapters to it.',
  },
  {
    target: './app/flow',
    from: ['./shop', './tests'],
    message: 'app/flow runs any flow kind and imports none: a flow kind brings its components and adapters to it.',
  },
  { target: './server', from: ['./renderer', './app', './shop', './stories'], message: 'The server never imports React code.' },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', 'public/mockServiceWorker.js', 'server/db/migrations/**', 'coverage/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad (app/use-load.ts) takes its inputs like useEffect.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // typeof import('./lazy-module') names a lazily loaded module's type without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Another folder's internals: use its entry ('#engine', '#engine/compiler', '#api', '#api/client').
              regex: '^(\\.\\./)+(engine|api)/(?!index|compiler|client/index|server/)',
              message:
                "Import the engine and the contract through their entries: '#engine', '#engine/compiler', '#api', '#api/client', '#api/shared', '#api/catalogue-file', '#api/commerce', '#api/money'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests, stories, benches and tools may reach into a folder's internals: they test or measure them.
    files: ['tests/**', 'stories/**', 'bench/**', 'scripts/**', '.storybook/**', '*.config.ts', '*.config.js'],
    // Response bodies and story contexts are untyped JSON there.
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
