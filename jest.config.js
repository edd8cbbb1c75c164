/**
 * One jest run for the whole monorepo. Each project is a kind of test:
 *   unit — pure domain rules (node)
 *   api  — Fastify routes through HTTP against PGlite, and PostgreSQL when DATABASE_URL is set
 *   web  — React components with Testing Library, a real store, and the real api started by globalSetup
 *   e2e  — Playwright (playwright-core + system Chromium) against the built, composed storefront
 */
const swcTransform = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'commonjs' },
    },
  ],
};

const moduleNameMapper = {
  '^@storefront/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@storefront/release-state$': '<rootDir>/release-state/src/index.ts',
  '^@storefront/shared$': '<rootDir>/shared/src/index.ts',
  '^@storefront/shared/(domain|types|testing)$': '<rootDir>/shared/src/$1/index.ts',
  '^@storefront/shared/text-direction$': '<rootDir>/shared/src/domain/textDirection.ts',
  '^@storefront/shared/later-module$': '<rootDir>/shared/src/ui/laterModule.ts',
  '^@storefront/shared/ssr/server$': '<rootDir>/shared/src/ssr/server.tsx',
  '\\.css$': '<rootDir>/shared/src/testing/styleStub.js',
};

const common = {
  rootDir: __dirname,
  transform: swcTransform,
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // content-disposition 3 (the edge's @fastify/static), cookie 2 (Fastify's inject) and typebox 1
  // (a test checking what the browser's code sends against the contracts' schema) ship only ES
  // modules, which jest on Node 20 cannot require inside its sandbox: @swc/jest compiles them to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|typebox)/)(?!.*/node_modules/)'],
  // A package's entries are resolved to its TypeScript source, as `node --conditions=storefront-source`
  // resolves them for the scripts: a test never runs a stale build of a package it imports.
  testEnvironmentOptions: { customExportConditions: ['storefront-source', 'node', 'node-addons'] },
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/shared/src/domain/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
        '<rootDir>/bench/**/*.test.ts',
        '<rootDir>/edge/src/**/*.test.ts',
        '<rootDir>/release-state/src/**/*.test.ts',
        '<rootDir>/loaders/**/*.test.ts',
        '<rootDir>/e2e/support/**/*.test.ts',
      ],
      // *.postgres.test.ts run api processes on a PostgreSQL server: with DATABASE_URL only (README).
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...(process.env.DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$'])],
    },
    // The api's own config: it compiles a few ES-module-only dependencies (see api/jest.config.js).
    '<rootDir>/api',
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/shared/src/testing/jsdomWithFetch.js',
      testEnvironmentOptions: { customExportConditions: ['storefront-source', 'browser'] },
      globalSetup: '<rootDir>/api/src/testing/globalSetup.ts',
      globalTeardown: '<rootDir>/api/src/testing/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/shared/src/testing/setupWebTests.ts'],
      testMatch: [
        '<rootDir>/shared/src/**/*.test.tsx',
        '<rootDir>/shell/src/**/*.test.ts?(x)',
        '<rootDir>/mfe-*/src/**/*.test.ts?(x)',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/specs/**/*.spec.ts'],
      globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/e2e/support/globalTeardown.ts',
      // testTimeout is not a per-project option; the setup file gives browser tests their two minutes.
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setupE2e.ts'],
    },
  ],
};
