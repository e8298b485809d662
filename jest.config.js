// Two projects: unit specs beside the code, integration specs against the real Postgres, Redis
// and Kafka (services/*/test). Sources are compiled by swc with decorator metadata for Nest.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  // xrpl's hashing dependencies (@noble, @scure) and jose ship only ES modules, which jest cannot
  // require: those few packages are compiled to CommonJS like our sources; the rest of node_modules is not.
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@noble|@scure|jose)/)'],
  moduleNameMapper: {
    '^@app/contracts$': '<rootDir>/packages/contracts/src/index.ts',
    '^@app/platform$': '<rootDir>/packages/platform/src/index.ts',
    '^@app/platform/tokens$': '<rootDir>/packages/platform/src/auth/tokens.ts',
    '^@app/platform/config$': '<rootDir>/packages/platform/src/config/config.ts',
    '^@app/platform/redis$': '<rootDir>/packages/platform/src/queue/redis.ts',
    '^@app/platform/telemetry$': '<rootDir>/packages/platform/src/telemetry/telemetry.ts',
    '^@app/platform/request-origin$': '<rootDir>/packages/platform/src/http/request-origin.ts',
    '^@app/platform/log-redaction$': '<rootDir>/packages/platform/src/logging/redaction.ts',
    '^@app/platform/log-destination$': '<rootDir>/packages/platform/src/logging/destination.ts',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  // .local holds tools, caches and at times a scratch copy of the repo: never modules or tests.
  modulePathIgnorePatterns: ['<rootDir>/.local/'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/.local/'],
};

module.exports = {
  // The slowest files first, from jest's cache or, on a fresh clone, test-support/test-durations.json.
  testSequencer: '<rootDir>/test-support/test-sequencer.mjs',
  rootDir: __dirname,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // tools/*: the test doubles' own specs (they start the fake in a child process, no infrastructure).
      testMatch: [
        '<rootDir>/{packages,services,gateway}/*/src/**/*.spec.ts',
        '<rootDir>/gateway/src/**/*.spec.ts',
        '<rootDir>/tools/*/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/{services,gateway}/**/test/**/*.int-spec.ts',
        '<rootDir>/packages/*/test/**/*.int-spec.ts',
      ],
      globalSetup: '<rootDir>/test-support/integration-setup.ts',
      setupFiles: ['<rootDir>/test-support/integration-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test-support/long-timeout.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      // One Chromium for the run (e2e/support/browser-server.ts).
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test-support/long-timeout.ts'],
    },
  ],
};
