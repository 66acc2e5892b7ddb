import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
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
            {
              target: './src/web/features/content',
              from: './src/web/features',
              except: ['./content'],
              message: 'Features do not import each other; move shared code to ui/ or lib/.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/repo', '../*/repo.js', '../../*/repo.js'], message: 'Use the other module’s service, not its repo.' }] },
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
