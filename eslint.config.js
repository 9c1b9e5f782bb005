import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Architecture boundaries (decision 0053), with ESLint's own no-restricted-imports: in `root`,
 * the `platform` folders never import a feature (only each other and `shared`), and a feature
 * imports another feature only through its public module (`../records`, `../records/index`).
 * The rule sees import strings, not resolved paths, so it is set per folder depth: from a file d
 * folders deep, `../` d times leads to `root`. The composition root (files directly in `root`:
 * app.ts, features.ts, routes.ts, root.tsx…) and tests, which assemble the whole app, are exempt.
 */
export function boundaryRules({ root, platform, shared, composition, maxDepth = 5 }) {
  const exempt = ['**/*.test.ts', '**/*.test.tsx', `${root}/test/**`];
  const blocks = [];
  for (let depth = 1; depth <= maxDepth; depth += 1) {
    const up = `(?:\\.\\./){${depth}}`;
    const below = '*/'.repeat(depth - 1);
    blocks.push({
      files: [`${root}/*/${below}*.{ts,tsx}`],
      ignores: [...exempt, ...platform.map((folder) => `${root}/${folder}/**`)],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}(?!(?:${shared.join('|')})/)[^./][^/]*/(?!index$).+`,
                message: 'A feature imports another feature only through its public module (its index.ts).',
              },
              {
                regex: `^${up}(?:${composition.join('|')})$`,
                message: 'Features do not import the composition root (app, registry, routes); it imports them.',
              },
            ],
          },
        ],
      },
    });
    blocks.push({
      files: platform.map((folder) => `${root}/${folder}/${below}*.{ts,tsx}`),
      ignores: exempt,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}(?!(?:${platform.join('|')})/)`,
                message: 'The platform never imports a feature: features plug in through their manifest.',
              },
            ],
          },
        ],
      },
    });
  }
  return blocks;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-base-path/**',
      '**/build-test-*/**',
      '**/dist/**',
      '**/dist-test-*/**',
      '**/.react-router/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
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
    // Files a person can hold in their head (decision 0355): tests, seed data and generated files aside.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/seed/**', '**/*.d.ts', 'e2e/**', 'scripts/deploy-test/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...boundaryRules({
    root: 'apps/server/src',
    platform: ['platform', 'config'],
    shared: ['platform', 'config', 'test'],
    composition: ['app', 'features', 'main'],
  }),
  ...boundaryRules({
    root: 'apps/web/app',
    platform: ['kernel', 'ui', 'styles', 'test'],
    shared: ['kernel', 'ui', 'styles', 'test'],
    composition: ['root', 'routes', 'entry\\.server', 'load-context'],
  }),
);
