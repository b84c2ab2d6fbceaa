// ESLint flat config: typescript-eslint's type-aware recommended rules, tuned so that an error is a
// real defect (a promise nobody awaits, a dead variable, a thrown non-Error) and style is Prettier's job.
// `npm run lint` fails on errors only; warnings are worth a look but do not fail CI.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'performance',
    'fetch',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/', '.tmp/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: nodeGlobals,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // Real defects: errors.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A caught value rethrown later is `unknown`; throwing a string or object literal is still an error.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      // Worth a look, not a build break: untyped values from JSON, String(unknown), leftover casts.
      '@typescript-eslint/no-unsafe-argument': 'warn',
      '@typescript-eslint/no-unsafe-assignment': 'warn',
      '@typescript-eslint/no-unsafe-call': 'warn',
      '@typescript-eslint/no-unsafe-member-access': 'warn',
      '@typescript-eslint/no-unsafe-return': 'warn',
      '@typescript-eslint/no-base-to-string': 'warn',
      '@typescript-eslint/no-unnecessary-type-assertion': 'warn',
      '@typescript-eslint/no-redundant-type-constituents': 'warn',
      'preserve-caught-error': 'warn',
      'no-useless-assignment': 'warn',
      // Noise here: option-parser tables hand out methods that never use `this`; an async function without
      // `await` is how an interface that returns a promise is met; a CLI that strips terminal escapes must
      // match control characters.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-control-regex': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    // Tests read parsed JSON and spawned output all day; `any` there is the point, not a defect.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, benchmarks, bin/start.cjs, this file) is outside tsconfig: no type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS (bin/start.cjs: loaded by bin/cardqr with require, before any ESM).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...nodeGlobals, require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The dashboard's page (cardqr serve) runs in a browser.
    files: ['src/serve/page/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(['document', 'navigator', 'Node', 'fetch', 'URL'].map((n) => [n, 'readonly'])),
    },
  },
);
