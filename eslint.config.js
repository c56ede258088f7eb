import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from './infra/lint/boundaries.mjs';
import permissionRules from './infra/lint/permission-rules.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.cache/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Packages point one way and import each other by name: infra/lint/boundaries.mjs.
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { stageplein: boundaries },
    rules: { 'stageplein/boundaries': 'error' },
  },
  {
    // Permission rules live in contracts, shared with the services' policies; a front end writes none.
    files: ['portal-ui/src/**/*.{ts,tsx}', 'admin-ui/src/**/*.{ts,tsx}', 'design-system/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'stageplein-ui': permissionRules },
    rules: { 'stageplein-ui/no-permission-rules': 'error' },
  },
  {
    // Configuration is parsed once at boot; nothing else reads the environment.
    files: [
      'contracts/**/*.ts',
      'services/**/*.ts',
      'workflows/**/*.ts',
      'portal-ui/**/*.{ts,tsx}',
      'admin-ui/**/*.{ts,tsx}',
    ],
    ignores: ['**/config.ts', '**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the zod-parsed config module.',
        },
      ],
    },
  },
);
