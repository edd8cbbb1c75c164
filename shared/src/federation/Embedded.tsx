/**
 * The slot where a page draws another remote's module (its contract, the host's embedder, is
 * ./embedder.ts): `@storefront/shared/embedded`, bundled by each remote whose pages embed one.
 */
// From the package, not its files: the context must be the shared singleton's, the host's.
import { EMBED_ATTRIBUTE, EmbedderContext, embeddedKey, ErrorBoundary, HYDRATION_PENDING_ATTRIBUTE, type EmbeddableComponent, type ModuleEmbedder } from '@storefront/shared';
import { memo, Suspense, use, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/** The promises `use()` reads: one per module, so a suspended render reads the same one again. */
const pending = new WeakMap<ModuleEmbedder, Map<string, Promise<EmbeddableComponent>>>();

function pendingLoad(embedder: ModuleEmbedder, key: string, load: Promise<EmbeddableComponent>): Promise<EmbeddableComponent> {
  let loads = pending.get(embedder);
  if (!loads) {
    loads = new Map();
    pending.set(embedder, loads);
  }
  const known = loads.get(key);
  if (known) return known;
  loads.set(key, load);
  // A failed load is forgotten, so a later page tries again.
  load.catch(() => loads.delete(key));
  return load;
}

/** Drawn beside the embed's content, inside its boundary: its layout effect runs once that content is live. */
function Settled({ part, embedder }: { part: RefObject<HTMLDivElement | null>; embedder: ModuleEmbedder | null }) {
  useLayoutEffect(() => {
    const element = part.current;
    if (!element) return;
    if (embedder?.settled) embedder.settled(element);
    else element.removeAttribute(HYDRATION_PENDING_ATTRIBUTE);
  }, [part, embedder]);
  return null;
}

function Loaded({ load, props }: { load: Promise<EmbeddableComponent>; props: object }) {
  const Component = use(load);
  // eslint-disable-next-line react-hooks/static-components -- one promise per module (pendingLoad), so the same component on every render
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
 * Another remote's module, drawn with `props`. A Suspense boundary of its own: while the browser
 * hydrates a page the server drew, the module's HTML stays as it is until its code has arrived,
 * and the rest of the page does not wait for it. Drawn again only when `props` change (compared
 * one by one): React draws a boundary that is still waiting afresh, rather than adopt the server's
 * HTML, when the page around it draws it again, so the page's own updates must not reach it.
 */
export const Embedded = memo(EmbeddedSlot, sameEmbed) as <Props extends object>(props: EmbeddedProps<Props>) => ReactNode;

/** The same module with the same props: `unavailable` and `loading` are the page's fixed words, not compared. */
function sameEmbed(before: EmbeddedProps<object>, after: EmbeddedProps<object>): boolean {
  if (before.remote !== after.remote || before.module !== after.module) return false;
  const a = before.props as Record<string, unknown>;
  const b = after.props as Record<string, unknown>;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

function EmbeddedSlot<Props extends object>({ remote, module, props, unavailable, loading = null }: EmbeddedProps<Props>) {
  const embedder = use(EmbedderContext);
  const found = embedder ? embedder.load(remote, module) : null;
  const part = useRef<HTMLDivElement>(null);
  const settled = <Settled part={part} embedder={embedder} />;
  let content: ReactNode;
  if (found === null) content = unavailable;
  else if (found instanceof Promise) {
    // A render that finds one already pending reads that one; this one's failure is its own concern.
    found.catch(() => undefined);
    content = <Loaded load={pendingLoad(embedder as ModuleEmbedder, embeddedKey(remote, module), found)} props={props} />;
  } else {
    const Component = found;
    // eslint-disable-next-line react-hooks/static-components -- the embedder hands over the module's own export, the same on every render
    content = <Component {...props} />;
  }
  // Until it is live, the part holds the taps made on it (HYDRATION_PENDING_ATTRIBUTE, as a region
  // the server drew does); `settled` gives them back.
  return (
    <div ref={part} {...{ [EMBED_ATTRIBUTE]: embeddedKey(remote, module), [HYDRATION_PENDING_ATTRIBUTE]: '' }} style={{ display: 'contents' }}>
      <ErrorBoundary
        name={embeddedKey(remote, module)}
        fallback={() => (
          <>
            {unavailable}
            {settled}
          </>
        )}
      >
        <Suspense fallback={loading}>
          {content}
          {settled}
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
