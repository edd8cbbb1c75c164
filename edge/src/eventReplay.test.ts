import { JSDOM } from 'jsdom';
import { REPLAY_SCRIPT } from './eventReplay';

let document: Document;
let window: Window & { __storefrontReplay?: (part: Element) => void };

/** A page of its own for each test, running the script as the browser does: once, in the page's global scope. */
function page(html: string) {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`, { runScripts: 'outside-only' });
  dom.window.eval(REPLAY_SCRIPT);
  window = dom.window as unknown as typeof window;
  document = dom.window.document;
}

function counter(element: Element, type = 'click') {
  const seen = { count: 0 };
  element.addEventListener(type, (event) => {
    seen.count += 1;
    event.preventDefault();
  });
  return seen;
}

describe('the inline event replay', () => {
  it('holds a tap on a control of a part waiting for hydration, and replays it once, however often it was tapped', () => {
    page('<div id="root" data-await-hydration><button id="add">Add to Cart</button></div>');
    const button = document.getElementById('add')!;
    const seen = counter(button);
    button.click();
    button.click();
    expect(seen.count).toBe(0);
    window.__storefrontReplay!(document.getElementById('root')!);
    expect(seen.count).toBe(1);
    expect(document.getElementById('root')!.hasAttribute('data-await-hydration')).toBe(false);
    button.click();
    expect(seen.count).toBe(2);
  });

  it('keeps a checkbox from ticking until it is replayed', () => {
    page('<div id="root" data-await-hydration><label><input type="checkbox" id="size-m"> M</label></div>');
    const box = document.getElementById('size-m') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    window.__storefrontReplay!(document.getElementById('root')!);
    expect(box.checked).toBe(true);
  });

  it('replays a tap in the region only when the region is hydrated, not with the frame around it', () => {
    page('<div id="root" data-await-hydration><button id="menu">Menu</button><div id="region" data-await-hydration><button id="add">Add</button></div></div>');
    const menu = counter(document.getElementById('menu')!);
    const add = counter(document.getElementById('add')!);
    document.getElementById('add')!.click();
    document.getElementById('menu')!.click();
    window.__storefrontReplay!(document.getElementById('root')!);
    expect([menu.count, add.count]).toEqual([1, 0]);
    window.__storefrontReplay!(document.getElementById('region')!);
    expect([menu.count, add.count]).toEqual([1, 1]);
  });

  it('holds a form’s submit (no GET with what was typed in the address) and submits it once when hydrated', () => {
    page('<div id="root" data-await-hydration><form id="login"><input name="password" value="secret"><button id="go">Sign in</button></form></div>');
    const form = document.getElementById('login') as HTMLFormElement;
    const submits = counter(form, 'submit');
    document.getElementById('go')!.click();
    form.requestSubmit();
    expect(submits.count).toBe(0);
    window.__storefrontReplay!(document.getElementById('root')!);
    expect(submits.count).toBe(1);
  });

  it('leaves links, GET forms with their own address, and what is already hydrated alone', () => {
    page(
      '<div id="root" data-await-hydration><a id="link" href="/shop"><span id="inner">Shop</span></a><form id="search" method="get" action="/shop"><input name="q"><button id="find">Search</button></form></div><button id="outside">Elsewhere</button>',
    );
    const clicks: boolean[] = [];
    document.addEventListener('click', (event) => {
      clicks.push(event.defaultPrevented);
      // jsdom does not navigate.
      if ((event.target as Element).closest('a')) event.preventDefault();
    });
    document.getElementById('inner')!.click();
    document.getElementById('outside')!.click();
    const search = document.getElementById('search') as HTMLFormElement;
    const submits: boolean[] = [];
    search.addEventListener('submit', (event) => {
      submits.push(event.defaultPrevented);
      event.preventDefault();
    });
    document.getElementById('find')!.click();
    expect(clicks).toEqual([false, false, false]);
    expect(submits).toEqual([false]);
  });

  it('drops a held tap whose control left the page before its part was hydrated', () => {
    page('<div id="root" data-await-hydration><button id="gone">Gone</button></div>');
    const button = document.getElementById('gone')!;
    const seen = counter(button);
    button.click();
    button.remove();
    window.__storefrontReplay!(document.getElementById('root')!);
    expect(seen.count).toBe(0);
  });
});
