/**
 * The api jest project, runnable alone (`npx jest -c api/jest.config.js`) or listed in the root
 * config's projects as '<rootDir>/api'. It differs from the root's inline project in one way:
 * typebox 1.x and cookie 2.x ship only ES modules, and PGlite and @fastify/cookie load modules
 * with `import()`; jest on Node 20 runs neither inside its sandbox (require(esm) needs Node
 * 24.9+, import() needs --experimental-vm-modules), so @swc/jest compiles them to CommonJS. So
 * too @redocly/openapi-core and @redocly/config, ES modules only, which lint the OpenAPI document.
 */
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

module.exports = {
  displayName: 'api',
  rootDir: repoRoot,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/api/src/**/*.test.ts'],
  // *.postgres.test.ts run the api as processes on a PostgreSQL server (a stalled network, several
  // processes on one database): they need DATABASE_URL, and are left out without it (README).
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...(process.env.DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$'])],
  // A migrated, seeded PGlite dumped once; each suite's test app starts from a copy of it.
  globalSetup: '<rootDir>/api/src/testing/apiGlobalSetup.ts',
  globalTeardown: '<rootDir>/api/src/testing/apiGlobalTeardown.ts',
  // A package's entries resolve to its TypeScript source, as in the root config's projects.
  testEnvironmentOptions: { customExportConditions: ['storefront-source', 'node', 'node-addons'] },
  moduleNameMapper: {
    '^@storefront/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@storefront/release-state$': '<rootDir>/release-state/src/index.ts',
    '^@storefront/shared$': '<rootDir>/shared/src/index.ts',
    '^@storefront/shared/(domain|types|testing)$': '<rootDir>/shared/src/$1/index.ts',
    '^@storefront/shared/text-direction$': '<rootDir>/shared/src/domain/textDirection.ts',
  },
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Ignored: any module whose innermost node_modules package is not one of those listed.
  transformIgnorePatterns: ['/node_modules/(?!(typebox|cookie|@fastify/cookie|@electric-sql/pglite|@redocly/openapi-core|@redocly/config)/)(?!.*/node_modules/)'],
};
