/**
 * The slot where a page draws another remote's module (its contract, the host's embedder, is
 * ./embedder.ts). In the shared singleton: one copy on the page, whichever remotes embed.
 */
import { HYDRATION_PENDING_ATTRIBUTE } from '../ssr/contract';
import { useAppStore } from '../store/createStore';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { EMBED_ATTRIBUTE, EmbedderContext, embeddedKey, type EmbeddableComponent, type EmbedIsland, type ModuleEmbedder } from './embedder';
import { sameIslandContexts, useIslandContexts } from './islandContexts';
import { shallowEqual } from 'react-redux';
import { Suspense, use, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

/**
 * Drawn beside the embed's content, inside its boundary: its effect runs once that content is live.
 * A passive effect: a child's layout effect runs before its parent's ref (the part) is set.
 */
function Settled({ part, embedder }: { part: RefObject<HTMLDivElement | null>; embedder: ModuleEmbedder | null }) {
  useEffect(() => {
    const element = part.current;
    if (!element) return;
    if (embedder?.settled) embedder.settled(element);
    else element.removeAttribute(HYDRATION_PENDING_ATTRIBUTE);
  }, [part, embedder]);
  return null;
}

/**
 * The module, at hand or on its way: one component either way, so the control is not mounted
 * afresh when a later render finds the module arrived (a tap between the two would be lost).
 */
function Loaded({ found, props }: { found: EmbeddableComponent | Promise<EmbeddableComponent>; props: object }) {
  const Component = found instanceof Promise ? use(found) : found;
  // eslint-disable-next-line react-hooks/static-components -- the module's own export, the same on every render (the embedder gives one promise per module)
  return <Component {...props} />;
}

export interface EmbeddedProps<Props extends object> {
  remote: string;
  module: string;
  props: Props;
  /** What shows in its place when the module cannot be had: a plain word, the page still works. */
  unavailable: ReactNode;
  /** What shows while it loads in the browser; nothing by default. */
  loading?: ReactNode;
}

/**
 * Another remote's module, drawn with `props`. On a page the browser draws, a Suspense boundary of
 * its own (its `loading` meanwhile). On a page the server drew, the host's island: the server's
 * HTML stays as it is, taps on it held, until its code has arrived, and the rest of the page does
 * not wait for it.
 */
const subscribeToNothing = () => () => undefined;

export function Embedded<Props extends object>({ remote, module, props, unavailable, loading = null }: EmbeddedProps<Props>) {
  const embedder = use(EmbedderContext);
  // True on the server and while the browser hydrates the server's page (React then reads the
  // server's snapshot), false on a page the browser draws itself. Kept from the first render.
  const serverOrHydrating = useSyncExternalStore(subscribeToNothing, () => false, () => true);
  const [island] = useState(() => serverOrHydrating && typeof document !== 'undefined' && embedder?.island !== undefined);
  if (island && embedder) return <IslandHost remote={remote} module={module} props={props} unavailable={unavailable} embedder={embedder} />;
  return <InlineEmbed remote={remote} module={module} props={props} unavailable={unavailable} loading={loading} embedder={embedder} />;
}

/** The element around an embed: its mark, and the attribute that holds taps on it until it is live. */
const partAttributes = (remote: string, module: string) => ({ [EMBED_ATTRIBUTE]: embeddedKey(remote, module), [HYDRATION_PENDING_ATTRIBUTE]: '' });

/** What React keeps in the island's element while the browser hydrates the page: the server's HTML, untouched. */
const SERVER_HTML_KEPT = { __html: '' };

/**
 * The server's HTML of an embed, while the host takes it over as an island (ModuleEmbedder.island);
 * the page's "unavailable" in its place if the module cannot be had.
 */
function IslandHost({ remote, module, props, unavailable, embedder }: EmbeddedProps<object> & { embedder: ModuleEmbedder }) {
  const part = useRef<HTMLDivElement>(null);
  const island = useRef<EmbedIsland | null>(null);
  const store = useAppStore();
  const [failed, setFailed] = useState(false);
  const contexts = useIslandContexts();
  const latest = useRef({ props, contexts });
  // In the commit of the change that made them (a tap on a size, say), so the island draws them in
  // the same task, as a control in the page's own tree would.
  useLayoutEffect(() => {
    // Drawn again only when a prop's value or the page's address changed, not for every render of the page around it.
    if (shallowEqual(latest.current.props, props) && sameIslandContexts(latest.current.contexts, contexts)) return;
    latest.current = { props, contexts };
    island.current?.update(props, contexts);
  });
  useEffect(() => {
    const element = part.current;
    if (!element || !embedder.island) return undefined;
    const { props: drawnProps, contexts: drawnContexts } = latest.current;
    const started = embedder.island(element, { remote, module }, { name: embeddedKey(remote, module), props: drawnProps, contexts: drawnContexts, store, unavailable, onFailed: () => setFailed(true) });
    island.current = started;
    return () => {
      island.current = null;
      started.unmount();
    };
    // Started once per module: later props go to `update`, and `unavailable` is the page's fixed words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embedder, remote, module, store]);
  if (failed) {
    return (
      <div ref={part} {...partAttributes(remote, module)} style={{ display: 'contents' }}>
        {unavailable}
        <Settled part={part} embedder={embedder} />
      </div>
    );
  }
  return <div ref={part} {...partAttributes(remote, module)} style={{ display: 'contents' }} suppressHydrationWarning dangerouslySetInnerHTML={SERVER_HTML_KEPT} />;
}

/** The embed drawn in the page's own tree: on the server, and on a page the browser draws. */
function InlineEmbed({ remote, module, props, unavailable, loading = null, embedder }: EmbeddedProps<object> & { embedder: ModuleEmbedder | null }) {
  const found = embedder ? embedder.load(remote, module) : null;
  // Decided when the embed is first drawn, so its tree keeps one shape: a module at hand then (always
  // so on the server) is drawn without a Suspense boundary. React hydrates what is inside a server's
  // boundary in a second, later pass; without one, the island the browser makes of it is live in one.
  const [atHand] = useState(() => !(found instanceof Promise));
  const part = useRef<HTMLDivElement>(null);
  const settled = <Settled part={part} embedder={embedder} />;
  let content: ReactNode;
  if (found === null) content = unavailable;
  else content = <Loaded found={found} props={props} />;
  const body = (
    <>
      {content}
      {settled}
    </>
  );
  // Until it is live, the part holds the taps made on it (HYDRATION_PENDING_ATTRIBUTE, as a region
  // the server drew does); `settled` gives them back.
  return (
    <div ref={part} {...partAttributes(remote, module)} style={{ display: 'contents' }}>
      <ErrorBoundary
        name={embeddedKey(remote, module)}
        fallback={() => (
          <>
            {unavailable}
            {settled}
          </>
        )}
      >
        {atHand ? body : <Suspense fallback={loading}>{body}</Suspense>}
      </ErrorBoundary>
    </div>
  );
}
