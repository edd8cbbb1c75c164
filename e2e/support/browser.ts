import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full browser, as shoppers run it: Lighthouse and the benchmarks' page timings come from it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;

/**
 * What the browser specs drive: Chromium's headless shell (Debian's chromium-headless-shell, the
 * build Playwright runs headless tests in), the same engine as the full browser (Blink, V8, the
 * network stack) without its windows and user interface. On a two-core machine the specs run
 * with about 40% less processor time in all. Without it, the full browser; CHROMIUM_PATH names
 * one browser for both.
 */
export const SPEC_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export function assertChromiumInstalled(): void {
  if (!existsSync(SPEC_CHROMIUM)) {
    throw new Error(`Chromium is not at ${SPEC_CHROMIUM}: install it (apt-get install -y chromium-headless-shell chromium) or set CHROMIUM_PATH`);
  }
}

/**
 * Every part of a page the server rendered is hydrated (shell/src/app/hydration.ts). A string: the
 * bench runs this file through sucrase, which would turn `?.` into a helper the page does not have.
 */
const BROWSER_RENDER_TOOK_OVER = "!document.querySelector('[data-await-hydration]')";

/**
 * A page the server rendered is shown before its scripts run, and live at once: a tap before it is
 * hydrated is held and replayed (edge/src/eventReplay.ts; e2e/specs/hydration.spec.ts tests that).
 * The other tests act as a shopper who waits to see the page answer: `goto` and `reload` wait for
 * the hydration; `waitUntil: 'commit'` (a test of the server's page itself) does not.
 */
function waitForTakeoverAfterNavigation(page: Page): void {
  const prototype = Object.getPrototypeOf(page) as Page & { storefrontTakeover?: true };
  if (prototype.storefrontTakeover) return;
  prototype.storefrontTakeover = true;
  const withTakeover =
    <Args extends unknown[]>(navigate: (this: Page, ...args: Args) => ReturnType<Page['goto']>, options: (args: Args) => { waitUntil?: string } | undefined) =>
    async function (this: Page, ...args: Args) {
      const response = await navigate.apply(this, args);
      if (options(args)?.waitUntil !== 'commit') await this.waitForFunction(BROWSER_RENDER_TOOK_OVER, undefined, { timeout: 30_000 });
      return response;
    };
  prototype.goto = withTakeover(prototype.goto, ([, options]) => options);
  prototype.reload = withTakeover(prototype.reload, ([options]) => options);
}

/**
 * The store's pages forbid evaluating text as script (edge/src/securityHeaders.ts), and
 * Playwright's own waitForFunction compiles its predicate in the page with eval: the page's policy
 * stops it, as it would stop an attacker's. So the suite polls the predicate through
 * `page.evaluate`, which the DevTools protocol runs outside the page's policy, and the pages are
 * tested under the policy shoppers get.
 */
function waitForFunctionUnderPolicy(page: Page): void {
  const prototype = Object.getPrototypeOf(page) as Page & { storefrontPolling?: true };
  if (prototype.storefrontPolling) return;
  prototype.storefrontPolling = true;
  prototype.waitForFunction = async function (this: Page, predicate: unknown, arg?: unknown, options?: { timeout?: number; polling?: number | 'raf' }) {
    const timeout = options?.timeout ?? 30_000;
    const interval = typeof options?.polling === 'number' ? options.polling : 50;
    const deadline = Date.now() + timeout;
    const evaluate = (): Promise<unknown> => (typeof predicate === 'string' ? this.evaluate(predicate) : this.evaluate(predicate as (value: unknown) => unknown, arg));
    for (;;) {
      const value = await evaluate();
      if (value) return this.evaluateHandle(() => true);
      if (Date.now() > deadline) throw new Error(`waitForFunction: timed out after ${timeout} ms waiting for ${String(predicate).slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  } as Page['waitForFunction'];
}

/**
 * A browser for a spec, or with `shopper` the full browser shoppers run, for a benchmark's
 * figures of what they wait for.
 */
export async function launchBrowser(options: { shopper?: boolean } = {}): Promise<Browser> {
  const browser = await launchChromium(options.shopper ? CHROMIUM : SPEC_CHROMIUM);
  const page = await browser.newPage();
  waitForTakeoverAfterNavigation(page);
  waitForFunctionUnderPolicy(page);
  await page.close();
  return browser;
}

function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export function shellUrl(pathname = '/'): string {
  const base = process.env.E2E_SHELL_URL;
  if (!base) throw new Error('E2E_SHELL_URL is not set: run the e2e suite through jest (npm run test:e2e)');
  return new URL(pathname, base).toString();
}

export function remoteUrls(): Record<string, string> {
  return JSON.parse(process.env.E2E_REMOTE_URLS ?? '{}') as Record<string, string>;
}

/**
 * Errors the page threw or logged, failed requests included: a test asserts there are none. A
 * guest's page asks who is signed in of /auth/session, which answers a guest rather than 401, and
 * adding to the cart is one POST with no lookup that may answer 404
 * (docs/decisions/0001-atomic-cart-adds.md), so a failed request in normal use is a fault.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** A page in a browser context of its own, `width` px wide, at `pathname` of the store; close it with `page.context().close()`. */
export async function pageAt(browser: Browser, width: number, pathname: string, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(shellUrl(pathname));
  return page;
}

export async function newShopper(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** A phone's user agent: the shell's server draws its first screen for a phone (edge/src/serverRender.ts). */
export const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** A phone's browser context: its screen, user agent (and Sec-CH-UA-Mobile) and touch. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true });
}
