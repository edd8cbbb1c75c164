import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '@storefront/scripts/ensure-built';
import type { Ports } from '@storefront/edge/packages';
import { startStore, type RunningStore } from '@storefront/scripts/start-store';
import { E2E_BANK_ACCOUNT } from './bankAccount';
import { assertChromiumInstalled } from './browser';
import { serveThrowingRemote } from './faultyRemote';
import { startMailSink } from './mailSink';
import { E2E_KNOWN_GOOD_AFTER_MS } from './releases';

declare global {
  var __E2E_STORE__: RunningStore | undefined;
  var __E2E_STOP_FIXTURES__: (() => Promise<void>) | undefined;
  /** Stops the mail server, once the store (which may still be delivering to it) has stopped. */
  var __E2E_STOP_MAIL__: (() => Promise<void>) | undefined;
}

/**
 * Ports well away from `npm start`'s, so the suite runs beside a store someone is using. The
 * store and its test servers take the 50 ports from the base; E2E_PORT_OFFSET moves a second
 * store, serving other specs at the same time, above the first (scripts/lib/testStages.ts).
 */
function e2ePorts(): Ports {
  const base = Number(process.env.E2E_PORT_BASE ?? 18080) + Number(process.env.E2E_PORT_OFFSET ?? 0);
  return {
    shell: base,
    api: base + 10,
    remotes: { 'mfe-catalog': base + 1, 'mfe-product': base + 2, 'mfe-cart': base + 3, 'mfe-account': base + 4 },
  };
}

/**
 * Builds what is stale (unless npm test just did), then serves the composed store on PGlite in a
 * fresh data folder, with a release store and composition file of its own (the release specs
 * publish into them), on the ports from E2E_PORT_BASE.
 */
export default async function globalSetup(): Promise<void> {
  assertChromiumInstalled();
  // `npm test` builds once, before its browser stages (E2E_BUILT). A release spec edits a
  // remote's source and puts it back, which would look stale to the next stage's look.
  if (process.env.E2E_BUILT !== '1') await ensureBuilt((line) => console.log(`[e2e] ${line}`));
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-e2e-'));
  const ports = e2ePorts();
  const mail = await startMailSink(ports.shell + 21);
  globalThis.__E2E_STOP_MAIL__ = () => mail.close();
  process.env.RELEASES_DIR = path.join(work, 'releases');
  process.env.COMPOSITION_FILE = path.join(work, 'composition', 'composition.json');
  const store = await startStore({
    ports,
    dataDir: path.join(work, 'data'),
    apiOutput: 'ignore',
    log: () => undefined,
    // The specs check the pages the server draws. A shopper's page goes undrawn after 300 ms, but
    // on a busy CI machine, the browsers and the store on two cores, a render now and then takes
    // longer (past 2 s on a slow day), and a spec then met the browser's drawing instead (no page
    // for a browser without scripts, a layout shift, a second request). The undrawn fallback has
    // tests of its own (edge/src/slowRenders.test.ts, renderThreads.test.ts). Reading a remote's
    // manifest for the page's preloads gets as long (a first read was once seen to pass 500 ms).
    renderTimeoutMs: 5000,
    // A shopper gets a 504 when the api takes 15 s. Here the api shares two cores with three
    // browsers and a second store, and a sign-in at full password-hashing cost, queued behind
    // another spec's, was seen to take longer. A slow api shows in the benchmarks, not here.
    apiTimeoutMs: 60_000,
    // Known good after seconds, not the half hour a shop waits (KNOWN_GOOD_AFTER): the release
    // specs wait for it.
    knownGoodAfterMs: E2E_KNOWN_GOOD_AFTER_MS,
    apiEnvironment: {
      ...E2E_BANK_ACCOUNT,
      // As a default start has it, whatever the caller's environment says.
      DEV_OUTBOX: 'false',
      // The shop's mail goes to a mail server, as a shop's does; specs read what it received.
      SMTP_URL: mail.smtpUrl,
      // Every browser of the suite shops from 127.0.0.1: the rate per address would count them as one.
      UNPAID_ORDERS_PLACED_PER_ADDRESS: '1000/1h',
      // The canary spec sends thousands of page views' reports from that one address…
      LIMIT_TELEMETRY: '100000/1m',
      // …and waits for the abort worker's judgement after each batch (5 s in a shop).
      CANARY_CHECK_MS: '200',
    },
  });
  const throwing = await serveThrowingRemote(ports.shell + 20);
  globalThis.__E2E_STORE__ = store;
  globalThis.__E2E_STOP_FIXTURES__ = () => throwing.server.close();
  process.env.E2E_SHELL_URL = store.shellUrl;
  process.env.E2E_API_URL = store.apiUrl;
  process.env.E2E_REMOTE_URLS = JSON.stringify(store.remoteUrls);
  process.env.E2E_PORTS = JSON.stringify(ports);
  // The api's folder: npm run orders and npm run operators find the api through it.
  process.env.E2E_DATA_DIR = path.join(work, 'data');
  process.env.E2E_THROWING_REMOTE_MANIFEST = throwing.manifestUrl;
  process.env.E2E_MAIL_URL = mail.readUrl;
}
