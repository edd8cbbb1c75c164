import { measureSideBySide, rotated, type LoadFigures, type SideBySideTarget } from './sideBySide';

const figures = (rps: number): LoadFigures => ({ rps, p50: rps / 1000, p99: rps / 100, errors: 0 });

test('each request is measured on every server in turn, run by run, after a warm-up on each', async () => {
  const targets: SideBySideTarget<string>[] = [
    { name: 'api', requests: { product: '/products/tee', listing: '/products?category=toys' } },
    { name: 'bare', requests: { product: '/products/tee', listing: '/products?category=toys' } },
    { name: 'json-server', requests: { product: '/products/1', listing: '/products?category=toys' } },
  ];
  const order: string[] = [];
  await measureSideBySide(targets, ['product', 'listing'], 2, async (target, request, warmUp) => {
    order.push(`${warmUp ? 'warm ' : ''}${target.name} ${request}`);
    return figures(1);
  });
  expect(order).toEqual([
    'warm api /products/tee',
    'warm bare /products/tee',
    'warm json-server /products/1',
    'api /products/tee',
    'bare /products/tee',
    'json-server /products/1',
    'api /products/tee',
    'bare /products/tee',
    'json-server /products/1',
    'warm api /products?category=toys',
    'warm bare /products?category=toys',
    'warm json-server /products?category=toys',
    'api /products?category=toys',
    'bare /products?category=toys',
    'json-server /products?category=toys',
    'api /products?category=toys',
    'bare /products?category=toys',
    'json-server /products?category=toys',
  ]);
});

test('the figures are the medians of the measured runs, warm-ups left out, errors summed', async () => {
  const targets: SideBySideTarget<string>[] = [
    { name: 'api', requests: { product: 'a' } },
    { name: 'bare', requests: { product: 'b' } },
  ];
  const answers: Record<string, number[]> = { a: [1, 500, 100, 300], b: [2, 900, 700, 800] };
  const logged: string[] = [];
  const results = await measureSideBySide(
    targets,
    ['product'],
    3,
    async (_target, request) => {
      const rps = answers[request]?.shift() ?? Number.NaN;
      return { ...figures(rps), errors: rps === 100 ? 2 : 0 };
    },
    { log: (target, request, result) => logged.push(`${target} ${request} ${result.rps}`) },
  );
  // The first answer of each is its warm-up (1 and 2): left out.
  expect(results.api?.product).toEqual({ rps: 300, p50: 0.3, p99: 3, errors: 2 });
  expect(results.bare?.product?.rps).toBe(800);
  expect(logged).toEqual(['api product 300', 'bare product 800']);
});

test('each load waits the pause first, so the server before it has finished', async () => {
  const targets: SideBySideTarget<string>[] = [
    { name: 'json-server', requests: { product: 'a' } },
    { name: 'api', requests: { product: 'b' } },
  ];
  const started: number[] = [];
  const begin = Date.now();
  await measureSideBySide(targets, ['product'], 1, async () => {
    started.push(Date.now() - begin);
    return figures(1);
  }, { pauseMs: 40 });
  // Two warm-ups and two runs, each after its own pause.
  expect(started).toHaveLength(4);
  started.forEach((at, index) => expect(at).toBeGreaterThanOrEqual(40 * (index + 1) - 5));
});

test('a server without one of the requests fails with its name', async () => {
  const targets: SideBySideTarget<string>[] = [{ name: 'json-server', requests: {} }];
  await expect(measureSideBySide(targets, ['product'], 1, async () => figures(1))).rejects.toThrow('json-server has no "product" request');
});

test('each round starts with the next item, so that none is always measured first', () => {
  const builds = ['composed', 'browser-rendered', 'monolith'];
  expect([0, 1, 2, 3].map((run) => rotated(builds, run))).toEqual([
    ['composed', 'browser-rendered', 'monolith'],
    ['browser-rendered', 'monolith', 'composed'],
    ['monolith', 'composed', 'browser-rendered'],
    ['composed', 'browser-rendered', 'monolith'],
  ]);
  expect(rotated([], 3)).toEqual([]);
});
