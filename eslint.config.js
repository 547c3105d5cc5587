// Code rules for every part. The layer rules (who may import whom) are dependency-cruiser's,
// in .dependency-cruiser.cjs, because they need resolved paths; both run in `npm run lint`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // HTML from elsewhere is rendered in one place, which takes the server's sanitised HTML alone (内容).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render a notice\'s or article\'s HTML with components/ContentHtml (the server\'s sanitised HTML); build other markup with JSX.',
        },
      ],
    },
  },
  {
    files: ['apps/console/src/components/ContentHtml/ContentHtml.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The contract's input types have one definition each, with one set of limits (common.ts).
    files: ['shared/src/contract/**/*.ts'],
    ignores: ['shared/src/contract/common.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'VariableDeclarator[id.name=/^(Id|IdList|Day|Nullable)$/]',
          message: 'Id, IdList, Day and Nullable are defined once, in shared/src/contract/common.ts: import them.',
        },
        {
          selector: "CallExpression[callee.property.name='Union'] > ArrayExpression > CallExpression[callee.property.name='Null']",
          message: 'A value or null is Nullable(value), from shared/src/contract/common.ts.',
        },
      ],
    },
  },
);
