// Every lint rule, in one oxlint pass with the type check (decision 0445; `node scripts/lint.mjs`).
// Types only: scripts/lint-boundaries.test.ts runs a copy of this file outside the repository.
import type { OxlintConfig, OxlintOverride } from 'oxlint';

/** ESLint's and typescript-eslint's recommended sets, as they were (decision 0445). */
const recommended = [
  'constructor-super',
  'for-direction',
  'getter-return',
  'no-async-promise-executor',
  'no-case-declarations',
  'no-class-assign',
  'no-compare-neg-zero',
  'no-cond-assign',
  'no-const-assign',
  'no-constant-binary-expression',
  'no-constant-condition',
  'no-control-regex',
  'no-debugger',
  'no-delete-var',
  'no-dupe-class-members',
  'no-dupe-else-if',
  'no-dupe-keys',
  'no-duplicate-case',
  'no-empty',
  'no-empty-character-class',
  'no-empty-pattern',
  'no-empty-static-block',
  'no-ex-assign',
  'no-extra-boolean-cast',
  'no-fallthrough',
  'no-func-assign',
  'no-global-assign',
  'no-import-assign',
  'no-invalid-regexp',
  'no-irregular-whitespace',
  'no-loss-of-precision',
  'no-misleading-character-class',
  'no-new-native-nonconstructor',
  'no-nonoctal-decimal-escape',
  'no-obj-calls',
  'no-prototype-builtins',
  'no-redeclare',
  'no-regex-spaces',
  'no-self-assign',
  'no-setter-return',
  'no-shadow-restricted-names',
  'no-sparse-arrays',
  'no-this-before-super',
  'no-unassigned-vars',
  'no-unexpected-multiline',
  'no-unreachable',
  'no-unsafe-finally',
  'no-unsafe-negation',
  'no-unsafe-optional-chaining',
  'no-unused-labels',
  'no-unused-private-class-members',
  'no-useless-backreference',
  'no-useless-catch',
  'no-useless-escape',
  'no-with',
  'preserve-caught-error',
  'require-yield',
  'use-isnan',
  'valid-typeof',
  'no-array-constructor',
  'no-unused-expressions',
  'typescript/ban-ts-comment',
  'typescript/no-duplicate-enum-values',
  'typescript/no-empty-object-type',
  'typescript/no-explicit-any',
  'typescript/no-extra-non-null-assertion',
  'typescript/no-misused-new',
  'typescript/no-namespace',
  'typescript/no-non-null-asserted-optional-chain',
  'typescript/no-require-imports',
  'typescript/no-this-alias',
  'typescript/no-unnecessary-type-constraint',
  'typescript/no-unsafe-declaration-merging',
  'typescript/no-unsafe-function-type',
  'typescript/no-wrapper-object-types',
  'typescript/prefer-as-const',
  'typescript/prefer-namespace-keyword',
  'typescript/triple-slash-reference',
  'typescript/consistent-type-imports',
];
/** Checked by the TypeScript compiler in .ts files (typescript-eslint's eslint-recommended). */
const compilerChecks = [
  'constructor-super',
  'getter-return',
  'no-class-assign',
  'no-const-assign',
  'no-dupe-class-members',
  'no-dupe-keys',
  'no-func-assign',
  'no-import-assign',
  'no-new-native-nonconstructor',
  'no-obj-calls',
  'no-redeclare',
  'no-setter-return',
  'no-this-before-super',
  'no-unreachable',
  'no-unsafe-negation',
  'no-with',
];
const typescriptOnly = ['no-var', 'prefer-const', 'prefer-rest-params', 'prefer-spread'];

/**
 * Architecture boundaries (decision 0053): in `root`, the `platform` folders never import a feature (only
 * each other and `shared`), and a feature imports another feature only through its public module
 * (`../records`, `../records/index`). The rule sees import strings (as gitignore patterns), not resolved
 * paths, so it is set per folder depth: from a file d folders deep, `../` d times leads to `root`. The
 * composition root (files directly in `root`) and tests, which assemble the whole app, are exempt. A later
 * override replaces an earlier one's options for the same rule: each depth's platform block follows its
 * feature block, the exemption comes last.
 */
export function boundaryRules(options: {
  root: string;
  platform: string[];
  shared: string[];
  composition: string[];
  maxDepth?: number;
}): OxlintOverride[] {
  const { root, platform, shared, composition, maxDepth = 5 } = options;
  const blocks: OxlintOverride[] = [];
  for (let depth = 1; depth <= maxDepth; depth += 1) {
    const up = '../'.repeat(depth);
    const below = '*/'.repeat(depth - 1);
    blocks.push({
      files: [`${root}/*/${below}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [`${up}*/**`, ...shared.map((folder) => `!${up}${folder}/**`), `!${up}*/index`],
                message: 'A feature imports another feature only through its public module (its index.ts).',
              },
              {
                group: composition.map((file) => `${up}${file}`),
                message: 'Features do not import the composition root (app, registry, routes); it imports them.',
              },
            ],
          },
        ],
      },
    });
    blocks.push({
      files: platform.map((folder) => `${root}/${folder}/${below}*.{ts,tsx}`),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [`${up}*`, `${up}*/**`, ...platform.map((folder) => `!${up}${folder}/**`)],
                message: 'The platform never imports a feature: features plug in through their manifest.',
              },
            ],
          },
        ],
      },
    });
  }
  blocks.push({
    files: [`${root}/**/*.test.ts`, `${root}/**/*.test.tsx`, `${root}/test/**`],
    rules: { 'no-restricted-imports': 'off' },
  });
  return blocks;
}

const errors = (rules: string[], level: 'error' | 'off' = 'error') =>
  Object.fromEntries(rules.map((rule) => [rule, level]));

export default {
  plugins: ['typescript', 'import', 'react'],
  categories: { correctness: 'off' },
  env: { builtin: true, browser: true, node: true },
  ignorePatterns: [
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
    'scripts/bench/cache/**',
  ],
  rules: {
    ...errors(recommended),
    'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    // Need types (decision 0439): a promise neither awaited nor handed on, one given where a plain
    // callback is expected (React drops an event handler's return value), an await of what is not a promise.
    'typescript/no-floating-promises': 'error',
    'typescript/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    'typescript/await-thenable': 'error',
    // No import cycles (decision 0418): a module graph read from the leaves up.
    'import/no-cycle': 'error',
    // Files a person can hold in their head (decision 0355); tests, seed data and generated files below.
    'max-lines': ['error', { max: 400 }],
  },
  overrides: [
    {
      files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      rules: { ...errors(compilerChecks, 'off'), ...errors(typescriptOnly) },
    },
    {
      files: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/test/**',
        '**/seed/**',
        '**/*.d.ts',
        'e2e/**',
        'scripts/deploy-test/**',
      ],
      rules: { 'max-lines': 'off' },
    },
    {
      files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
      rules: { 'react/rules-of-hooks': 'error', 'react/exhaustive-deps': 'warn' },
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
      composition: ['root', 'routes', 'entry.server', 'load-context'],
    }),
  ],
} satisfies OxlintConfig;
