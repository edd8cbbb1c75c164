/**
 * The release command's verdict (lib/releaseVerdict.ts): whether a release folder could go live
 * beside the shell and the live revision, or the working builds while nothing is composed, with
 * what it could not check; and a team's working copy compiled against the live releases'
 * published types. Against releases fabricated in a temporary folder and served by a small HTTP
 * server (lib/testing/fabricatedReleases.ts); no build is needed.
 */
import path from 'node:path';
import type { ShellFacts } from '@storefront/edge/composition-rules';
import type { CompositionDocument, FileCompositionStore } from '@storefront/release-state';
import { REMOTES, type Remote } from '@storefront/edge/packages';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { judgeRelease, judgeWorkingCopy } from './lib/releaseVerdict';
import {
  buildOf,
  CART_PROPS,
  documentOf,
  factsFor,
  FEDERATION,
  PRODUCT_USE,
  seed,
  servedReleases,
  SHELL_SHARED,
  writeRelease,
  type Build,
} from './lib/testing/fabricatedReleases';

const releases = servedReleases();
const { workDir, newComposition } = releases;
/** Where the releases are served: known once the server has started. */
let origin: string;
beforeAll(() => {
  origin = releases.origin;
});

describe('the release command’s verdict', () => {
  const shell: ShellFacts = { shared: SHELL_SHARED, requiredModules: REMOTE_MODULES, federationRuntime: FEDERATION };
  const nowhere = () => ({ remotes: {} });

  async function staged(version: string, build: Build = {}, remote: Remote = 'mfe-cart'): Promise<string> {
    const folder = path.join(workDir, 'staging', `${remote}-${version}`);
    await writeRelease(folder, remote, version, build);
    return folder;
  }

  /** A live revision whose remotes answer nowhere: what it recorded is all there is to judge by. */
  async function liveRevisionRecorded(): Promise<FileCompositionStore> {
    const composition = await newComposition();
    const document = documentOf(composition, '1.0.1');
    for (const remote of REMOTES) document.remotes[remote] = { version: '1.0.0', manifest: `http://127.0.0.1:9/${remote}/1.0.0/mf-manifest.json` };
    const facts = factsFor(documentOf(composition, '1.0.1'));
    await composition.store.publish({ by: 'seed', reason: null, action: 'set', composition: document, facts, shell: SHELL_SHARED, checkedAt: new Date().toISOString() }, 0);
    return composition.store;
  }

  it('says a release that fits the shell and the live revision could go live', async () => {
    const store = await liveRevisionRecorded();
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.0', folder: await staged('1.1.0'), shell, store, servedBefore: nowhere });
    expect(verdict).toMatchObject({ couldGoLive: true, problems: [], notChecked: [], beside: 'live revision 1' });
    expect(verdict.lines).toEqual([
      "✓ mfe-cart@1.1.0 could go live: it exposes every module the shell loads from it, fits the shell's singletons (react 19.3.1, react-dom 19.3.1, @storefront/shared 2.1.0) and federation runtime 2.9.2, and injects no slice or endpoint that account, catalog, product of live revision 1 inject",
    ]);
  });

  it('says a release that injects what another remote of the live revision injects could not go live, with the fix', async () => {
    const store = await liveRevisionRecorded();
    const folder = await staged('1.1.1', { endpoints: ['getCart', 'getProductFacets'] });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.1', folder, shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'unique-injections', message: 'endpoint "getProductFacets" is injected by both mfe-catalog and mfe-cart' })]);
    expect(verdict.lines[0]).toBe('✗ mfe-cart@1.1.1 could not go live as things are (judged against the shell and live revision 1):');
    expect(verdict.lines[2]).toMatch(/^ {6}fix: rename it in one of them/);
  });

  it('says a release whose exposed module needs a prop the shell does not pass could not go live', async () => {
    const store = await liveRevisionRecorded();
    const folder = await staged('1.1.2', { exposedProps: { ...CART_PROPS, HeaderLists: '{ compact: boolean }' } });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.2', folder, shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'exposed-props', message: expect.stringMatching(/^HeaderLists \(compact\): /) })]);
  });

  it("says a release whose pages pass a live module what its published types do not take could not go live, naming the module and the prop", async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.7');
    const build = buildOf('mfe-product', '1.1.0');
    const verdict = await judgeRelease({ remote: 'mfe-product', version: '1.1.1', folder: await staged('1.1.1', build, 'mfe-product'), shell, store: composition.store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([
      expect.objectContaining({ remote: 'mfe-cart', rule: 'exposed-props', message: expect.stringMatching(/^AddToCart \(compact\): mfe-cart@1\.0\.7's AddToCart no longer takes what its consumers pass it \(mfe-product@1\.1\.1\)/) }),
    ]);
    // The same pages passing what the live cart takes could go live.
    const fits = await judgeRelease({ remote: 'mfe-product', version: '1.1.2', folder: await staged('1.1.2', { uses: { 'mfe-cart/AddToCart': PRODUCT_USE } }, 'mfe-product'), shell, store: composition.store, servedBefore: nowhere });
    expect(fits.problems).toEqual([]);
  });

  it("compiles a team's working copy against the live releases' published types", async () => {
    const renamed = await newComposition();
    await seed(renamed, '1.0.6');
    const misfit = await judgeWorkingCopy('mfe-product', renamed.store, nowhere);
    expect(misfit.ok).toBe(false);
    expect(misfit.lines[0]).toBe('✗ mfe-product does not fit the published types of live revision 1:');
    expect(misfit.lines[1]).toMatch(/^ {2}✗ \[exposed-props\] AddToCart \(place, where\): mfe-cart@1\.0\.6's AddToCart no longer takes what its consumers pass it \(.*mfe-product@this checkout\)/);
    const fitting = await newComposition();
    await seed(fitting, '1.0.7');
    expect(await judgeWorkingCopy('mfe-product', fitting.store, nowhere)).toEqual({ ok: true, lines: [expect.stringMatching(/^✓ mfe-product fits the published types of live revision 1 \(none read of mfe-account@1\.0\.0, mfe-catalog@1\.0\.0\)$/)] });
    // The shell's working copy is judged the same way; it passes the cart nothing that was renamed.
    expect((await judgeWorkingCopy('shell', renamed.store, nowhere)).ok).toBe(true);
  }, 30_000);

  it('says a release built against another @storefront/shared major could not go live', async () => {
    const store = await liveRevisionRecorded();
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.2.0', folder: await staged('1.2.0', { sharedPackage: ['3.0.0', '^3.0.0'] }), shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems.map((problem) => problem.rule)).toEqual(['singleton-version']);
  });

  it('reads the other remotes’ contracts over HTTP while nothing is composed, and says which it could not check', async () => {
    const composition = await newComposition();
    const servedBefore = (): CompositionDocument => {
      const document = documentOf(composition, '1.0.1');
      document.remotes['mfe-account'] = { version: '1.0.0', manifest: `${origin}/mfe-account/7.7.7/mf-manifest.json` };
      return document;
    };
    const folder = await staged('1.1.2', { endpoints: ['getProducts'] });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.2', folder, shell, store: composition.store, servedBefore });
    expect(verdict.beside).toBe('the working builds (nothing is composed yet)');
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'unique-injections', message: 'endpoint "getProducts" is injected by both mfe-catalog and mfe-cart' })]);
    expect(verdict.notChecked).toEqual([{ remote: 'mfe-account', why: `its contract beside ${origin}/mfe-account/7.7.7/mf-manifest.json answered 404` }]);
    expect(verdict.lines[verdict.lines.length - 1]).toBe(`  ! not checked for slice and endpoint clashes with mfe-account: its contract beside ${origin}/mfe-account/7.7.7/mf-manifest.json answered 404`);
  });
});
