/**
 * One remote's exposed module drawn inside another remote's page: the cart team's Add to Cart
 * control on the product page, its sticky bar and its quick view. The team that owns a feature
 * owns it wherever it appears; the page that shows it names the module and passes its props.
 *
 * The host (the shell) fills the slot: in the browser it loads the module through the federation
 * runtime from the version the composition names, as it loads a page's; on the server the edge
 * loads that version's server container before the page's render, and the page's renderer
 * (ssr/server.tsx) hands the loaded components in, so the server draws the module in the same
 * page. A module that cannot be had fails alone: the page draws its `unavailable` in its place.
 */
import { createContext, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';

/** A module of another remote: `{ remote: 'mfe-cart', module: 'AddToCart' }`. */
export interface EmbeddedModuleRef {
  remote: string;
  module: string;
}

// A component of another remote takes props this package cannot name; the embedding page types them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EmbeddableComponent = ComponentType<any>;

/**
 * How the host gives a page another remote's module: the component when it is at hand (it has
 * arrived, or the server loaded it before the render), null when it cannot be had, or a promise
 * of it (rejected when it fails to load).
 */
export interface ModuleEmbedder {
  load(remote: string, module: string): EmbeddableComponent | null | Promise<EmbeddableComponent>;
}

/** The host's embedder; without one (a remote's own standalone page, say) every embed is unavailable. */
export const EmbedderContext = createContext<ModuleEmbedder | null>(null);

export const embeddedKey = (remote: string, module: string) => `${remote}/${module}`;

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
 * and the rest of the page does not wait for it.
 */
export function Embedded<Props extends object>({ remote, module, props, unavailable, loading = null }: EmbeddedProps<Props>) {
  const embedder = use(EmbedderContext);
  const found = embedder ? embedder.load(remote, module) : null;
  let content: ReactNode;
  if (found === null) content = unavailable;
  else if (found instanceof Promise) content = <Loaded load={pendingLoad(embedder as ModuleEmbedder, embeddedKey(remote, module), found)} props={props} />;
  else {
    const Component = found;
    // eslint-disable-next-line react-hooks/static-components -- the embedder hands over the module's own export, the same on every render
    content = <Component {...props} />;
  }
  return (
    <ErrorBoundary name={embeddedKey(remote, module)} fallback={() => unavailable}>
      <Suspense fallback={loading}>{content}</Suspense>
    </ErrorBoundary>
  );
}

/** An embedder that has every module of `modules` at hand and no other: a server render's, and a test's. */
export function embedderOf(modules: Readonly<Record<string, EmbeddableComponent | null>>): ModuleEmbedder {
  return { load: (remote, module) => modules[embeddedKey(remote, module)] ?? null };
}
