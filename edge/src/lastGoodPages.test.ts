import { LastGoodPages } from './lastGoodPages';
import type { RenderedPage } from './serverRender';

const page = (html: string, more: Partial<RenderedPage> = {}): RenderedPage => ({ html, css: '', queries: [], viewportWidth: 1280, ...more });

describe('a page’s last good render', () => {
  it('is what its last drawing gave, for as long as it is kept, never a skeleton nor a drawing that gave none', async () => {
    let now = 0;
    const pages = new LastGoodPages({ keepMs: 10 * 60_000, now: () => now });
    expect(pages.lastGood('/')).toBeNull();
    await pages.drawing('/', async () => page('<h1>one</h1>'));
    await pages.drawing('/', async () => null);
    await pages.drawing('/', async () => page('<main></main>', { skeleton: true }));
    await expect(pages.drawing('/', () => Promise.reject(new Error('the thread died')))).rejects.toThrow('the thread died');
    now = 10 * 60_000 - 1;
    expect(pages.lastGood('/')?.html).toBe('<h1>one</h1>');
    now += 1;
    expect(pages.lastGood('/')).toBeNull();
  });

  it('is drawn once at a time however many ask meanwhile, and drawn again after', async () => {
    const pages = new LastGoodPages();
    let draws = 0;
    let finish: (drawn: RenderedPage) => void = () => undefined;
    const render = () => {
      draws += 1;
      return new Promise<RenderedPage>((resolve) => {
        finish = resolve;
      });
    };
    const asked = [pages.drawing('/shop', render), pages.drawing('/shop', render)];
    expect(draws).toBe(1);
    finish(page('<h1>shop</h1>'));
    expect((await Promise.all(asked)).map((drawn) => drawn?.html)).toEqual(['<h1>shop</h1>', '<h1>shop</h1>']);
    const again = pages.drawing('/shop', render);
    expect(draws).toBe(2);
    finish(page('<h1>shop again</h1>'));
    expect((await again)?.html).toBe('<h1>shop again</h1>');
  });

  it('is kept for a bounded number of pages, the one drawn longest ago going first', async () => {
    const pages = new LastGoodPages({ maxEntries: 2 });
    for (const key of ['/a', '/b', '/c']) await pages.drawing(key, async () => page(key));
    expect(pages.size).toBe(2);
    expect(pages.lastGood('/a')).toBeNull();
    expect(pages.lastGood('/c')?.html).toBe('/c');
  });

  it('keeps only what it is told to (a page’s skeleton), and gives a kept one without drawing again', async () => {
    const skeletons = new LastGoodPages({ keeps: (drawn) => drawn.skeleton === true });
    const draw = jest.fn(async () => page('<main></main>', { skeleton: true }));
    await skeletons.keptOr('/', draw);
    expect((await skeletons.keptOr('/', draw))?.skeleton).toBe(true);
    expect(draw).toHaveBeenCalledTimes(1);
    await skeletons.drawing('/x', async () => page('<h1>not a skeleton</h1>'));
    expect(skeletons.lastGood('/x')).toBeNull();
  });
});
