import { startTransition } from 'react';
import { isDesktopWidth } from './behaviour/thresholds';
import { desktopHeader } from './layout/laterParts';
import { fetchWithEarlyAnswers } from './app/earlyAnswers';
import { nextTask } from './app/nextTask';
import { SHELL_API_BASE, settleShopperCookie } from './app/shopperIdentity';
import { requestComposition } from './federation/compositionRequest';
import { onRemoteModuleEvaluated, prefetchRemotePageData, startLoadingRemoteModules } from './federation/remoteComponent';
import { modulesForThisPage } from './federation/thisPage';
import { startPageViewReport } from './telemetry/pageViewReport';
import { routeName } from './telemetry/routeName';

/**
 * How long the first render waits, once the composition is in, for the page's remote modules
 * (preloaded by index.html) and its first data, while the shell's own modules run: the cart, and
 * on a product page the product, asked for by the entry; and what the page's own module asks for
 * once it has arrived (the shop's products, federation/pageData.ts).
 * Normally all are in by the time the shell's own scripts have run, and the first paint is the
 * page itself: no skeleton first, and no wait for React's reveal throttle after one. A slower
 * remote or api gets the header and a skeleton after this, and the region's "taking longer"
 * message SLOW_REGION_MS later.
 */
const FIRST_RENDER_WAITS_FOR_PAGE_MS = 600;

async function start() {
  const composition = await requestComposition();
  // Before the page's remote modules load: the report is sent however the page then fares.
  startPageViewReport(composition.pageView, routeName(window.location.pathname));
  const waitedLongEnough = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_FOR_PAGE_MS));
  const modules = modulesForThisPage();
  const pageModules = startLoadingRemoteModules(modules);
  // The store's first requests carry the shopper cookie; the modules are evaluated meanwhile.
  const cookieSettled = settleShopperCookie(composition.config?.apiBase ?? SHELL_API_BASE);
  // The modules below are in this chunk (eager), but each is evaluated in a task of its own
  // (app/nextTask.ts): together they were one task of 300–600 ms on a throttled phone.
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { createStorefrontStore } = await import(/* webpackMode: "eager" */ '@storefront/shared');
  await nextTask();
  // Evaluated in this order: the page-wide styles before the components' own. The hydration's
  // module too, and nothing of these before: each uses the store's package, whose evaluation (the
  // load's longest task when a static import here brought it into the bootstrap's first task) has
  // a task of its own above (bootstrapImports.test.ts).
  const [, , { App }, { prefetchPageData }, { readServerQueries, startWithServerQueries, takeUpWaitingAnswers }, { readServerPage, rememberServerState, reportHydrationError }, { loadServerDrawnShellPage }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ '@storefront/shared/styles.css'),
      import(/* webpackMode: "eager" */ './shell.css'),
      import(/* webpackMode: "eager" */ './app/App'),
      import(/* webpackMode: "eager" */ './app/prefetchPageData'),
      import(/* webpackMode: "eager" */ './app/serverQueries'),
      import(/* webpackMode: "eager" */ './app/hydration'),
      import(/* webpackMode: "eager" */ './app/shellPageViews'),
    ]);
  // Read before anything renders: the server's page, its region's HTML, the width it drew for.
  const serverPage = readServerPage(document);
  // A desktop's first render draws its main menu and search box (preloaded by index.html on a desktop
  // only), and so does the hydration of a page the server drew for a desktop.
  const shellParts = isDesktopWidth(serverPage?.viewportWidth ?? window.innerWidth) || isDesktopWidth(window.innerWidth) ? desktopHeader.load().catch(() => undefined) : undefined;
  // A page of the shell's own the server drew (a legal page) hydrates with its code and styles in:
  // the server's copy of its styles goes when the frame is hydrated.
  const shellPage = serverPage ? loadServerDrawnShellPage(window.location.pathname)?.catch(() => undefined) : undefined;
  await nextTask();
  await cookieSettled;
  const store = createStorefrontStore({ config: composition.config ?? {}, fetchFn: fetchWithEarlyAnswers });
  const serverQueries = readServerQueries(document);
  // Before the prefetches: what the server drew with is in the store, and they need not ask again.
  startWithServerQueries(store, serverQueries);
  // A remote's own endpoints are injected when its module is evaluated: the server's answers for them go in then.
  onRemoteModuleEvaluated(takeUpWaitingAnswers);
  const onCaughtError = () => undefined;
  if (serverPage) {
    // The server drew the page: hydrate its frame now, with the state and width it drew with
    // (app/hydration.ts); the region hydrates when its remote's module arrives (RemoteRegion.tsx).
    rememberServerState(composition.config ?? {}, serverQueries, store);
    void prefetchPageData(store, window.location);
    void prefetchRemotePageData(modules, store, window.location);
    await Promise.all([shellParts, shellPage]);
    // The shell page's code injected its reads (the shop's disclosures): the answers the server drew it with go in.
    if (shellPage) takeUpWaitingAnswers();
    await nextTask();
    // A region's error boundary catches a failing remote, shows the shopper a message and logs the
    // failure once with its component stack; React's own long report of it would be a second copy.
    // A transition: the hydration yields to the browser every few milliseconds (a tap on a part not
    // hydrated yet still has that part hydrated at once, and is then handled), instead of holding the
    // main thread for all of it.
    startTransition(() => {
      hydrateRoot(serverPage.container, <App store={store} preview={composition.preview} previewRefused={composition.previewRefused} hydrating />, { onCaughtError, onRecoverableError: reportHydrationError });
    });
    return;
  }
  const pageData = Promise.all([prefetchPageData(store, window.location), prefetchRemotePageData(modules, store, window.location)]);
  await Promise.race([Promise.all([pageModules, pageData, shellParts]), waitedLongEnough]);
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container, { onCaughtError });
  // A transition: the first render yields to the browser every few milliseconds instead of
  // holding the main thread for all of it.
  startTransition(() => root.render(<App store={store} preview={composition.preview} previewRefused={composition.previewRefused} />));
}

void start();
