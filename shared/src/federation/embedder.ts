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
import { createContext, type ComponentType, type ReactNode } from 'react';
import type { AppStore } from '../store/createStore';
import type { IslandContexts } from './islandContexts';

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
 * of it (rejected when it fails to load), the same one on every call while it loads.
 */
export interface ModuleEmbedder {
  load(remote: string, module: string): EmbeddableComponent | null | Promise<EmbeddableComponent>;
  /**
   * The embed's part of the page is live (hydrated, or drawn): the host gives back the taps it held
   * on it meanwhile. Suspense boundaries are hydrated after the part around them, so the page's
   * own hydration comes too soon for the embed's controls.
   */
  settled?(part: Element): void;
  /**
   * In the browser, for an embed the server drew in a page being hydrated: takes over the server's
   * HTML in `part` as a React root of its own once the module is in, drawn with `view.props` in
   * `view.store`, and gives back the taps held on it. Its own root, because React draws a Suspense
   * boundary still waiting for code afresh whenever anything above it changes (a context, a
   * re-render): the server's HTML would be thrown away. Without it, the embed waits inline.
   */
  island?(part: Element, ref: EmbeddedModuleRef, view: IslandView): EmbedIsland;
}

/**
 * What an island draws: the embed's props in the page's store; its "unavailable" should the module
 * fail once live (the page draws it itself when the module cannot be loaded: `onFailed`).
 */
export interface IslandView {
  /** "remote/Module", for the log. */
  name: string;
  props: object;
  /** The page's router where the slot stands, for the island's root to provide again (./islandContexts.tsx). */
  contexts: IslandContexts;
  store: AppStore;
  unavailable: ReactNode;
  onFailed: () => void;
}

/** An island once started: drawn again with new props or the page's new address, or ended with the page. */
export interface EmbedIsland {
  update(props: object, contexts: IslandContexts): void;
  unmount(): void;
}

/** The host's embedder; without one (a remote's own standalone page, say) every embed is unavailable. */
export const EmbedderContext = createContext<ModuleEmbedder | null>(null);

export const embeddedKey = (remote: string, module: string) => `${remote}/${module}`;

/** On the element around an embedded module, for people and tests reading the page: its "remote/Module". `display: contents` keeps the page's layout. */
export const EMBED_ATTRIBUTE = 'data-embed';

/** An embedder that has every module of `modules` at hand and no other: a server render's, and a test's. */
export function embedderOf(modules: Readonly<Record<string, EmbeddableComponent | null>>): ModuleEmbedder {
  return { load: (remote, module) => modules[embeddedKey(remote, module)] ?? null };
}
