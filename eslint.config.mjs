import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import js from '@eslint/js';
import nodePlugin from 'eslint-plugin-n';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The nearest package.json's declared dependencies (all kinds) of a file. */
function declaredBy(file) {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const kinds = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
      return new Set(kinds.flatMap((kind) => Object.keys(manifest[kind] ?? {})));
    } catch (error) {
      if (error.code !== 'ENOENT' || dirname(dir) === dir) return new Set();
    }
  }
}

/** Whether the import or export around a module specifier brings in types only. */
function typeOnly(source) {
  const declaration = source.parent;
  if (declaration?.importKind === 'type' || declaration?.exportKind === 'type') return true;
  const specifiers = declaration?.specifiers ?? [];
  return (
    specifiers.length > 0 && specifiers.every((specifier) => (specifier.importKind ?? specifier.exportKind) === 'type')
  );
}

/**
 * eslint-plugin-n's no-extraneous-import, except that a type-only import of `x` may be declared as
 * `@types/x` instead (`import type { Request } from 'express'` needs express's types, not express).
 */
const noExtraneousImport = {
  meta: nodePlugin.rules['no-extraneous-import'].meta,
  create(context) {
    let declared;
    const typesPackage = (name) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
    const report = (descriptor) => {
      const name = descriptor.data?.moduleName;
      declared ??= declaredBy(context.filename);
      if (name && typeOnly(descriptor.node) && declared.has(typesPackage(name))) return;
      context.report(descriptor);
    };
    return nodePlugin.rules['no-extraneous-import'].create(Object.create(context, { report: { value: report } }));
  },
};

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
    // Each workspace declares what it imports (its own package.json, or the root's for the files
    // outside the workspaces: test-support, scripts, bench, tools, docker): nothing works only
    // because npm hoisted another workspace's dependency. A type-only import may be declared as its
    // @types package.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { n: nodePlugin, workspace: { rules: { 'no-extraneous-import': noExtraneousImport } } },
    settings: { n: { tryExtensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] } },
    rules: {
      'workspace/no-extraneous-import': 'error',
      'n/no-extraneous-require': 'error',
      // A package's own files are not its API (kafkajs has no exports map to stop it): no patching
      // or importing its internals.
      ...Object.fromEntries(
        ['n/no-restricted-import', 'n/no-restricted-require'].map((rule) => [
          rule,
          [
            'error',
            [{ name: ['kafkajs/**'], message: "kafkajs's internal modules are not its API: use require('kafkajs')." }],
          ],
        ]),
      ),
    },
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
