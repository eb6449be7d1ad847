import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers of a service point one way: grpc/ and events/ (transports) -> service/ (use cases)
// -> domain/ (pure rules and the types the others pass around) <- store/, and service/ -> store/
// (docs/architecture.md "Layers"). A layer reaches past its own folder by a relative import, or into
// the common kit by its package name, so the patterns below name both: the relative ones are
// written for imports from one folder down in src/, and the common kit's stores and I/O modules are
// named where a layer must not use them. test/contracts/layers.test.ts shows that each one fails
// the lint step.
const layer = (folders, why) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: why,
});
const layers = [
  {
    files: ['services/*/src/domain/**/*.ts'],
    patterns: [
      layer(
        ['store', 'service', 'grpc', 'events', 'jobs', 'adapters', 'render', 'http'],
        'domain/ is pure rules: it imports no store, use case or transport; move the type it needs into domain/.',
      ),
      { regex: '^(mongoose|kafkajs|ioredis|@grpc/.*)$', message: 'domain/ does no I/O: its callers bring the data.' },
      {
        regex: '^@invoice-platform/common/(store/.*|mongo|kafka|grpc/.*|mail)$',
        message: 'domain/ does no I/O: its callers bring the data.',
      },
    ],
  },
  {
    files: ['services/*/src/store/**/*.ts'],
    patterns: [
      layer(
        ['service', 'grpc', 'events', 'jobs'],
        'store/ persists domain/ types: it imports no use case or transport.',
      ),
    ],
  },
  {
    files: ['services/*/src/service/**/*.ts'],
    patterns: [
      layer(['grpc', 'events', 'jobs'], 'service/ (use cases) is called by the transports, never the other way.'),
    ],
  },
  {
    files: ['services/*/src/grpc/**/*.ts', 'services/*/src/events/**/*.ts', 'services/*/src/jobs/**/*.ts'],
    patterns: [
      layer(['store'], 'A handler, consumer or job calls a use case in service/, never a store.'),
      {
        regex: '^@invoice-platform/common/store/.*$',
        message: "A handler, consumer or job calls a use case in service/, never a store (the common kit's included).",
      },
    ],
  },
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.tools/**',
      '.local/**',
      'charts/**',
      'protos/types/**',
      // openapi-typescript's output, made by test/contracts/api-clients.test.ts.
      'test/examples/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in src/config.ts.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      '**/src/config.ts',
      '**/src/cli/config.ts',
      '**/test/**',
      'scripts/**',
      'deploy/local/sandbox/**',
      'deploy/local/dns/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...layers,
);
