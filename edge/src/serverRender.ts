/**
 * The shell's server renders a page's first screen (shared/src/ssr/contract.ts): the page's region
 * with the server container of the remote version the composition names (or of its fallback, when
 * that one's cannot be had), loaded through the federation runtime by the shell's server bundle,
 * and its own header and footer around it, both into index.html. A shopper then sees the page as
 * soon as the HTML has arrived instead of once every script has, and the browser hydrates it (its
 * links work before that; a tap on a control is kept until then, eventReplay.ts).
 *
 * A render is given up only after RENDER_LIMIT_MS (a render thread's own limit): page.ts decides
 * what a page that misses its budget (RENDER_TIMEOUT_MS) gets meanwhile, and what one whose
 * render failed gets instead (the last good render of a guest's page, or `skeletonPage`'s frame).
 */
import type { ShellServerBundle } from '@storefront/shared/ssr/contract';
import type { CompositionDocument } from '@storefront/release-state';
import { renderAround, skeletonPage, type RenderOptions } from './pageFrame';
import { renderPage } from './regionRender';
import type { PageDrawer } from './renderedPage';
import { ServerRemotes } from './serverRemotes';

// Where the tooling (scripts/, bench/, e2e/) has always found them.
export { serverRemoteOf } from './serverRemotes';
export type { PageDrawer, PageRequest, RenderedPage } from './renderedPage';

/**
 * How long a page's render may run before it is given up, in a render thread or in the edge's
 * own: long past a page's budget (RENDER_TIMEOUT_MS), which decides only what the page gets while
 * it waits, never that it stops waiting (page.ts).
 */
export const RENDER_LIMIT_MS = 10_000;

/** `renderPage` (or `renderAround`) in the edge's own thread (RENDER_THREADS=0, and the tests'); renderThreads.ts draws in others. */
export function inThisThread(options: RenderOptions): PageDrawer {
  return (request) => (request.skeleton ? skeletonPage(request, options) : request.around ? renderAround(request, request.around, options) : renderPage(request, options));
}

/** What a thread draws pages with. */
export interface RendererSource {
  /** The shell's server bundle (shell/dist/server/render.js). */
  shellBundle: string;
  /** How long a render may take before it is given up (RENDER_LIMIT_MS). */
  timeoutMs: number;
  /** The live composition's remotes when it starts: their versions load before it is ready. */
  live: CompositionDocument['remotes'];
}

export interface Renderer {
  draw: PageDrawer;
  /** The live composition's remotes as they are now: the versions newly named start loading at once. */
  setLive(remotes: CompositionDocument['remotes']): void;
  close(): void;
}

/**
 * The shell's server bundle loaded in this thread, and through it the remotes' containers the
 * live composition names (loaded before this resolves, and followed after): as `liveNow` gives
 * them, else as `live` and then `setLive` say. A render thread is told them by the edge's thread
 * (renderThreads.ts): it never reads the composition store itself.
 */
export async function loadRenderer({ shellBundle, timeoutMs, live }: RendererSource, liveNow?: () => Promise<CompositionDocument['remotes']>): Promise<Renderer> {
  // A promise of its exports: its shared modules are ready first (webpack.common.ts's serverConfig).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's own build, read once per thread
  const shell = (await require(shellBundle)) as ShellServerBundle;
  const remotes = new ServerRemotes(shell);
  let latest = live;
  const following = remotes.follow(liveNow ?? (() => Promise.resolve(latest)));
  await following.ready;
  return {
    draw: inThisThread({ shell, loadRemoteBundle: remotes.bundle, timeoutMs }),
    setLive: (next) => {
      latest = next;
      // A new composition's versions are loaded before its first page asks for them.
      for (const [remote, entry] of Object.entries(next)) {
        if (entry) void remotes.bundle(remote, entry).catch(() => null);
      }
    },
    close: () => {
      following.stop();
      remotes.close();
    },
  };
}
