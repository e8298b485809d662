import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.local/**',
      'packages/contracts/src/gen/**',
      'web/dist/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'web/scripts/**/*.mjs', 'docker/**/*.mjs', 'tools/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'test-support/**', '**/*.test.tsx', '**/*.test.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The web app reaches the API only through the route descriptions (web/src/api, callRoute), so
    // a path or method cannot drift from what the services serve. The reference's own pages
    // (/api/docs, /api/openapi.json) are links for people, not calls. Tests match paths; they may.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\/api\\/(?!docs$|openapi\\.json$)/]',
          'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]',
        ].map((selector) => ({
          selector,
          message: 'Call described routes with callRoute (packages/contracts http/routes), not a path string',
        })),
      ],
    },
  },
  {
    // One data-access convention: services open transactions with the platform's TransactionRunner
    // and hand them (Transaction) to repositories. Only repositories, entities, migrations and the
    // platform's database and events plumbing import TypeORM.
    files: ['services/*/src/**/*.ts', 'packages/platform/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.entity.ts',
      '**/entities.ts',
      '**/*.migration.ts',
      'packages/platform/src/database/**',
      'packages/platform/src/events/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(typeorm|@nestjs/typeorm)(/|$)',
              message:
                'Only repositories, entities and migrations import TypeORM: take a Transaction from @app/platform (TransactionRunner) and pass it to a repository.',
            },
          ],
        },
      ],
    },
  },
  // Service boundaries. A service (its source, tests and migrations) imports only its own files,
  // @app/contracts, @app/platform and test-support: another service is reached through its API or
  // its events, and a test spanning services belongs in gateway/test or e2e. One object per depth
  // below services/<name>/, as a relative path leaves the service after as many `../` as that depth
  // (the last object takes every deeper file, erring on the strict side).
  ...Array.from({ length: 11 }, (_, depth) => ({
    files: [`services/*/${'*/'.repeat(depth)}${depth === 10 ? '**/' : ''}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!(\\.\\./){${depth + 2}}test-support(/|$))(\\.\\./){${depth}}\\.\\.(/|$)|^(services|gateway|web|e2e)/|^@app/(?!contracts$|platform(/|$))`,
              message:
                'A service imports only its own files, @app/contracts, @app/platform and test-support; tests spanning services belong in gateway/test or e2e.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The packages (the platform's plumbing, the mail worker), the shared test support, the e2e suite
    // and the gateway's code run without any service's source: nothing here may import it.
    files: ['packages/**/*.ts', 'test-support/**/*.ts', 'e2e/**/*.ts', 'gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+services(/|$)|^services/|^@app/(?!contracts$|platform(/|$))',
              message: "Import no service's source here: services are reached through their API or events.",
            },
          ],
        },
      ],
    },
  },
);
