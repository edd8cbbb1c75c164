import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unrenderedPageStatus } from './pageStatus';
import { assemblePage, drawnPageBytes, drawnPageTemplate, parsePageTemplate, renderedPageParts, scriptPreloadsLow, withPageHead, type PageTemplate } from './pageTemplate';
import type { RenderedPage } from './serverRender';
import { REPLAY_SCRIPT_TAG } from './eventReplay';
import { ShopperFrames, withTheirLists } from './shopperFrames';

/** index.html as the shell's build writes it (shared/src/ui/index.html, minified, markers kept). */
const INDEX =
  '<!doctype html><html><head><title>Jacaranda</title><!--#edge:before-scripts--><script defer src=/main.js></script><!--#edge:end-of-head--></head><body><!--#edge:root--><div id=root></div><!--#/edge:root--></body></html>';

function template(): PageTemplate {
  const parsed = parsePageTemplate(INDEX);
  if (!parsed) throw new Error('the test page has its markers');
  return parsed;
}

const withRenderedPage = (page: RenderedPage, preloads: string[] = []) => {
  const parts = renderedPageParts(page);
  return assemblePage(template(), { early: parts.early, head: [...preloads, ...parts.head], root: parts.root });
};

describe('a page from the template', () => {
  it('is the build’s page, markers gone, when nothing is added', () => {
    expect(assemblePage(template(), {})).toBe(
      '<!doctype html><html><head><title>Jacaranda</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
    );
  });

  it('has the route’s preloads at the end of the head', () => {
    const html = assemblePage(template(), { head: ['<link rel="preload" as="script" href="http://localhost:8081/1.0.0/remoteEntry.js">'] });
    expect(html).toContain('<script defer src=/main.js></script><link rel="preload" as="script" href="http://localhost:8081/1.0.0/remoteEntry.js"></head>');
  });

  it('is not a template without its markers (a page not built from ours is served as it is)', () => {
    expect(parsePageTemplate(INDEX.replace('<!--#edge:root-->', ''))).toBeNull();
    expect(parsePageTemplate('<!doctype html><div id=root></div>')).toBeNull();
  });
});

describe('a drawn page’s script preloads', () => {
  it('are at low priority, however the tag is written; other preloads and a priority of its own are left', () => {
    const head = [
      '<link rel=preload as=script href=/325.a.js>',
      '<link rel=preload as=script href=/desktop-header.b.js media="(min-width: 992px)">',
      '<link rel="preload" as="script" href="http://localhost:8081/1.0.0/remoteEntry.js">',
      '<link rel=preload as=fetch href=/composition.json crossorigin=anonymous>',
      '<link rel="preload" as="image" href="/a.svg" fetchPriority="high">',
      '<link rel="preload" as="script" fetchpriority="high" href="/urgent.js">',
      '<link rel="canonical" href="http://localhost/script">',
    ].join('');
    expect(scriptPreloadsLow(head)).toBe(
      [
        '<link fetchpriority="low" rel=preload as=script href=/325.a.js>',
        '<link fetchpriority="low" rel=preload as=script href=/desktop-header.b.js media="(min-width: 992px)">',
        '<link fetchpriority="low" rel="preload" as="script" href="http://localhost:8081/1.0.0/remoteEntry.js">',
        '<link rel=preload as=fetch href=/composition.json crossorigin=anonymous>',
        '<link rel="preload" as="image" href="/a.svg" fetchPriority="high">',
        '<link rel="preload" as="script" fetchpriority="high" href="/urgent.js">',
        '<link rel="canonical" href="http://localhost/script">',
      ].join(''),
    );
  });

  it('come from the template’s own at low priority, worked out once per template; the template is left as built for a page not drawn', () => {
    const built = parsePageTemplate(INDEX.replace('<!--#edge:end-of-head-->', '<link rel=preload as=script href=/325.a.js><!--#edge:end-of-head-->'));
    if (!built) throw new Error('the test page has its markers');
    const drawn = drawnPageTemplate(built);
    expect(drawn.scripts).toBe('<script defer src=/main.js></script><link fetchpriority="low" rel=preload as=script href=/325.a.js>');
    expect(built.scripts).toBe('<script defer src=/main.js></script><link rel=preload as=script href=/325.a.js>');
    expect(drawnPageTemplate(built)).toBe(drawn);
  });
});

describe('the first screen in the page', () => {
  it('is a skeleton’s frame in a plain #root, for the browser to draw over rather than hydrate: no replay script, no answers, no mark', () => {
    const html = withRenderedPage({ html: '<header></header><div class="shell-region-loading"></div>', css: '.a{color:red}', queries: [], viewportWidth: 412, skeleton: true });
    expect(html).toBe(
      '<!doctype html><html><head><title>Jacaranda</title><script defer src=/main.js></script><style>.a{color:red}</style></head><body><div id="root"><header></header><div class="shell-region-loading"></div></div></body></html>',
    );
  });

  it('puts the page in #root, live and marked as awaiting hydration, after the event-replay script, and its styles at the end of the head', () => {
    const html = withRenderedPage({ html: '<h1>Style</h1>', css: '.a{color:red}', queries: [], viewportWidth: 412 });
    expect(html).toBe(
      `<!doctype html><html><head><title>Jacaranda</title><script defer src=/main.js></script><style data-server-rendered>.a{color:red}</style></head><body>${REPLAY_SCRIPT_TAG}<div id="root" data-server-rendered data-await-hydration data-viewport-width="412"><h1>Style</h1></div></body></html>`,
    );
    expect(html).not.toContain('inert');
  });

  it('cannot be made to close its <style> early', () => {
    const html = withRenderedPage({ html: '', css: '.a::after{content:"</style><script>alert(1)</script>"}', queries: [], viewportWidth: 412 });
    expect(html).not.toContain('</style><script>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('sends the answers the page was drawn with after #root, as JSON no text in them can break out of', () => {
    const queries = [{ endpointName: 'getProductReviews', arg: 'p1', value: [{ body: 'Fits well </script><script>alert(1)</script>' }] }];
    const html = withRenderedPage({ html: '<h1>Style</h1>', css: '', queries, viewportWidth: 412 });
    expect(html).toContain('<h1>Style</h1></div><script type="application/json" id="storefront-server-queries">');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const opening = 'id="storefront-server-queries">';
    const json = html.slice(html.indexOf(opening) + opening.length, html.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(queries);
  });

  it('moves the page’s high-priority image preloads into the head, before its scripts; other preloads stay', () => {
    const first = '<link rel="preload" as="image" href="/api/images/products/1/1-small.svg" fetchPriority="high"/>';
    const other = '<link rel="preload" as="image" href="/api/images/products/9/1-small.svg"/>';
    const html = withRenderedPage({ html: `<main>${first}<img src="/api/images/products/1/1-small.svg" fetchPriority="high">${other}</main>`, css: '', queries: [], viewportWidth: 412 });
    expect(html.indexOf(first)).toBeLessThan(html.indexOf('<script defer src=/main.js>'));
    expect(html.indexOf(first)).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.split(first)).toHaveLength(2);
    expect(html).toContain(`<main><img src="/api/images/products/1/1-small.svg" fetchPriority="high">${other}</main>`);
  });
});

describe('unrenderedPageStatus', () => {
  const page = (address: string) => new URL(address, 'http://shop.test');

  it('is 404 for an address no page answers, 200 for the pages there are', async () => {
    expect(await unrenderedPageStatus(page('/no-such-page'), undefined)).toBe(404);
    expect(await unrenderedPageStatus(page('/shopping'), undefined)).toBe(404);
    expect(await unrenderedPageStatus(page('/legal/nothing-here'), undefined)).toBe(404);
    expect(await unrenderedPageStatus(page('/newsletter'), undefined)).toBe(404);
    const shellPages = ['/about', '/contact', '/legal', '/legal/', '/legal/returns', '/legal/delivery', '/legal/privacy', '/legal/payment', '/newsletter/confirm?token=x', '/newsletter/unsubscribe?token=x'];
    for (const address of ['/', '/shop', '/shop/grid', '/cart', '/checkout', '/account/orders', ...shellPages, '/product?id=x']) {
      expect(await unrenderedPageStatus(page(address), undefined)).toBe(200);
    }
  });

  it("asks the api for a product page's product: 404 when it does not know it, 200 when it does or cannot say", async () => {
    const known = new Set(['linen-shirt']);
    const api = http.createServer((request, response) => {
      const id = decodeURIComponent((request.url ?? '').replace('/products/', ''));
      response.writeHead(known.has(id) ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = () => `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    try {
      expect(await unrenderedPageStatus(page('/product?id=linen-shirt'), apiUrl)).toBe(200);
      expect(await unrenderedPageStatus(page('/product/grid/linen-shirt'), apiUrl)).toBe(200);
      expect(await unrenderedPageStatus(page('/product?id=no-such-thing'), apiUrl)).toBe(404);
      expect(await unrenderedPageStatus(page('/product/no-such-thing'), apiUrl)).toBe(404);
      expect(await unrenderedPageStatus(page('/product?id=x'), () => 'http://127.0.0.1:1')).toBe(200);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

describe('the page’s head', () => {
  const template: PageTemplate = {
    top: '<!doctype html><html><head><meta charset=utf-8><meta name=description content="Clothing, delivered."><title>Jacaranda — clothing</title>',
    scripts: '',
    body: '</head><body>',
    root: '<div id=root></div>',
    bottom: '</body></html>',
  };

  it('takes the title and description the server render named, written as text', () => {
    const { top } = withPageHead(template, { title: 'Tom & Jerry <Tee> | Jacaranda', description: 'A "soft" tee' });
    expect(top).toBe('<!doctype html><html><head><meta charset=utf-8><meta name="description" content="A &quot;soft&quot; tee"><title>Tom &amp; Jerry &lt;Tee&gt; | Jacaranda</title>');
  });

  it('keeps the template’s when the render named none', () => {
    expect(withPageHead(template, undefined)).toBe(template);
  });
});

describe('a shopper’s page in a kept frame', () => {
  it('is the same bytes as their page assembled whole, each with its own shopper’s lists', async () => {
    const frame: RenderedPage = {
      html: '<header>Cart, 2 items</header><main><link rel="preload" as="image" href="/a.webp" fetchPriority="high"/><h1>Shirts &amp; “tees”</h1></main>',
      css: '.a{color:red}',
      viewportWidth: 412,
      head: { title: 'Shop', description: 'Shirts' },
      queries: [
        { endpointName: 'getProducts', arg: { limit: 2 }, value: [{ id: 'tee', name: 'Tee </script> "quoted"' }] },
        { endpointName: 'getCart', arg: undefined, value: [{ product_id: '', qty: 2 }] },
        { endpointName: 'getWishlist', arg: undefined, value: [] },
      ],
    };
    const kept = await new ShopperFrames().frame({ drawn: { remote: 'mfe-catalog', module: 'ShopPage', version: '1.0.0', html: '' }, css: '', queries: [], shows: [] }, { cart: 2, wishlist: 0 }, () => Promise.resolve(frame));
    const drawn = drawnPageTemplate(template());
    const tags = ['<link rel="canonical" href="https://shop.example/shop">'];
    for (const cart of ['[{"product_id":"tee","name":"Tee </script>","qty":2}]', '[{"product_id":"cap","name":"Cap","qty":1},{"product_id":"hat","name":"Hat","qty":1}]']) {
      const theirs = withTheirLists(kept!, { cart: JSON.parse(cart) as { qty: number }[], wishlist: [] });
      const bytes = drawnPageBytes(theirs, drawn, tags).toString();
      // A copy is not known as framed: assembled whole.
      expect(bytes).toBe(drawnPageBytes({ ...theirs }, drawn, tags).toString());
      expect(bytes).toContain(JSON.stringify(JSON.parse(cart)).replace(/</g, '\\u003c'));
      expect(bytes).not.toContain('storefront:their-lists');
    }
  });
});
