import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifySchema } from 'fastify';
import apiPackage from '../../package.json';
import { newMachineToken } from '../identity/machineCredential';
import { SAMPLE_SHOP } from '../shop/shopDetails';
import { DATABASE_TIMEOUT_MS, startTestApp, TEST_EFT_ACCOUNT, testDatabases, type TestApp } from '../testing/testDatabases';
import { OPENAPI_PATH, type RegisteredRoute } from './openapi';

interface OpenApiOperation {
  operationId?: string;
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Fastify's `/products/:id` as OpenAPI writes it: `/products/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function methodsOf(route: RegisteredRoute): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
}

/** The status codes a route's schema documents, as written (`200`, `'4xx'`, `'default'`). */
function documentedStatuses(schema: FastifySchema | undefined): string[] {
  const response = schema?.response;
  return response && typeof response === 'object' ? Object.keys(response) : [];
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The answers a route's schema fails to document: a success (2xx, or 3xx for a redirect) and an
 * error (4xx) at least, and those the app gives on any route: 400 for what its schemas refuse,
 * 500 for a fault of ours, 403 for a write from another site (plugins/crossSite.ts), 429 past
 * the route's own rate limit.
 */
function missingAnswers(route: RegisteredRoute): string[] {
  const statuses = documentedStatuses(route.schema);
  const missing: string[] = [];
  if (!statuses.some((status) => /^[23]/.test(status))) missing.push('2xx (or 3xx) answer');
  if (!statuses.some((status) => /^4/.test(status))) missing.push('4xx answer');
  if (!statuses.includes('400')) missing.push('400 answer (its schemas refuse bad input)');
  if (!statuses.includes('500')) missing.push('500 answer');
  if (methodsOf(route).some((method) => WRITES.has(method)) && !statuses.includes('403')) missing.push('403 answer (writes from other sites are refused)');
  if (route.config?.rateLimit !== undefined && !statuses.includes('429')) missing.push('429 answer (it has a rate limit)');
  return missing;
}

/** Every key anywhere in `value`, as a JSON pointer's last segment. */
function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysIn(inner)]);
}

describe.each(testDatabases())('the OpenAPI document ($name)', (target) => {
  const machine = newMachineToken();
  let ctx: TestApp;
  let document: OpenApiDocument;
  let text: string;
  beforeAll(async () => {
    // The test apps' outbox is on: its developer route is registered, and must stay out of the document.
    ctx = await startTestApp(target, { machineTokenHash: machine.hash });
    const response = await ctx.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    text = response.body;
    document = response.json<OpenApiDocument>();
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  it('is an OpenAPI 3.1.0 document of this api, public and kept five minutes by caches', async () => {
    const response = await ctx.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Jacaranda storefront api', version: apiPackage.version });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(response.body).toBe(text);
  });

  it('refuses a query string, as every route without query parameters does', async () => {
    const response = await ctx.app.inject({ url: `${OPENAPI_PATH}?debug=1` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it('has every route document its success and error answers', () => {
    const routes = ctx.app.registeredRoutes.filter((route) => methodsOf(route).length > 0);
    // The catalogue, the cart, orders, accounts, operators…: a few dozen routes, not a handful.
    expect(routes.length).toBeGreaterThan(40);
    const problems = routes.flatMap((route) =>
      missingAnswers(route).map((missing) => `${methodsOf(route).join(',')} ${route.url} documents no ${missing}`),
    );
    expect(problems).toEqual([]);
  });

  it('lists every route the app registered, with the same answers, but the developer ones', () => {
    const unlisted: string[] = [];
    for (const route of ctx.app.registeredRoutes) {
      if (route.schema?.hide) continue;
      for (const method of methodsOf(route)) {
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        if (!operation) {
          unlisted.push(`${method} ${route.url}`);
          continue;
        }
        expect({ route: `${method} ${route.url}`, statuses: Object.keys(operation.responses).sort() }).toEqual({
          route: `${method} ${route.url}`,
          statuses: documentedStatuses(route.schema).map((status) => status.toUpperCase()).sort(),
        });
      }
    }
    expect(unlisted).toEqual([]);
    expect(ctx.app.registeredRoutes.some((route) => route.url.startsWith('/dev/'))).toBe(true);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/dev'))).toEqual([]);
  });

  it('holds no settings, secrets or shop data: no bank account, machine token or shop details', () => {
    const secrets = [
      TEST_EFT_ACCOUNT.account_number,
      TEST_EFT_ACCOUNT.branch_code,
      TEST_EFT_ACCOUNT.account_holder,
      TEST_EFT_ACCOUNT.bank,
      machine.token,
      machine.hash,
      SAMPLE_SHOP.legalName,
      SAMPLE_SHOP.registrationNumber,
      SAMPLE_SHOP.vatNumber,
      SAMPLE_SHOP.email,
      SAMPLE_SHOP.phone,
      ...SAMPLE_SHOP.address,
      'localhost',
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    // Examples are where made-up or copied data would creep in: the document has none.
    expect(keysIn(document).filter((key) => key === 'example' || key === 'examples')).toEqual([]);
  });

  it("passes Redocly's recommended rules with no errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const describeProblem = (problem: (typeof problems)[number]) =>
      `${problem.ruleId}: ${problem.message} at ${problem.location.map((location) => location.pointer).join(', ')}`;
    const warnings = problems.filter((problem) => problem.severity === 'warn').map(describeProblem);
    if (warnings.length > 0) console.warn(`The OpenAPI document's lint warnings:\n${warnings.join('\n')}`);
    const errors = problems.filter((problem) => problem.severity === 'error').map(describeProblem);
    expect(errors).toEqual([]);
  });
});
