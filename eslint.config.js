import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per feature folder, read from disk so a new feature is fenced in the day it is created.
const FEATURES_DIR = './src/web/features';
const featureZones = readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES_DIR}/${name}`,
    from: FEATURES_DIR,
    except: [`./${name}`],
    message: 'Features do not import each other; move shared code to ui/ or lib/ (src/web/app composes features).',
  }));

// A module's repo (repo.ts, *-repo.ts) is read only by its own folder and the folders inside it; platform
// code and every other module go through the owner's service. Folders are read from disk, like features.
const MODULES_DIR = 'src/server/modules';
const sourceDirs = (dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name }) => [`${dir}/${name}`, ...sourceDirs(`${dir}/${name}`)]);
const moduleDirs = sourceDirs(MODULES_DIR);
const REPO_FILES = '{repo,*-repo}.ts';
const repoZones = moduleDirs.map((owner) => ({
  // Each target is one folder's own files (a glob), so a parent folder does not cover its children.
  target: [
    './src/server/platform',
    ...[MODULES_DIR, ...moduleDirs].filter((dir) => dir !== owner && !dir.startsWith(`${owner}/`)).map((dir) => `./${dir}/*.ts`),
  ],
  from: `./${owner}/${REPO_FILES}`,
  message: 'Only the module that owns a repo imports it; go through that module’s service.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 3 }],
      // Boundaries: shared code runs on both sides; features do not import each other;
      // modules reach another module through its service, never its repo.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared runs on both sides.' },
            { target: './src/web', from: './src/server', message: 'The browser app never imports server code.' },
            ...featureZones,
            {
              target: ['./src/web/lib', './src/web/ui'],
              from: FEATURES_DIR,
              message: 'Shared code in lib/ and ui/ does not reach back into a feature.',
            },
            ...repoZones,
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    // The browser bundle must not pull zod in: from the contract it takes types, and values only from
    // the zod-free path modules.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'shared/api/(?!prefix\\.js$|[a-z-]+-paths\\.js$)[a-z-]+\\.js$',
              allowTypeImports: true,
              message: 'In src/web import only types from the contract; paths come from src/shared/api/*-paths.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures take `{}` and call `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
