import type { EmbeddableComponent, EmbeddedModuleRef } from '../federation/embedder';
import type { StorefrontConfig } from '../store/configSlice';

/**
 * The first screen rendered on the server. A remote that can render some of its exposed modules
 * outside the browser ships, beside its mf-manifest.json, a Module Federation container for Node
 * (`server/remoteEntry.js`) exposing `./render`: a `RemoteServerBundle`. The shell's server bundle
 * (`shell/dist/server/render.js`, which the edge requires) hosts them: it loads the composed
 * version's container from its origin through the federation runtime, with React, react-dom and
 * the store's and router's libraries as singletons, renders the page's region with it, renders its own header and
 * footer around it, and the edge sends that as the page: shoppers see it before any script has
 * run. The browser then hydrates it: the shell's frame when its own scripts have run, the region
 * (a React root of its own, as on the server) when its remote's module has arrived
 * (shell/src/app/hydration.ts).
 */
export interface RegionRenderRequest {
  /** The exposed module, as in the manifest: "HomePage". */
  module: string;
  pathname: string;
  search: string;
  /** Absolute addresses: the server has no page to resolve "/api" against. */
  config: Partial<StorefrontConfig>;
  /** The width the page is drawn for (the server guesses it from the request). */
  viewportWidth: number;
  /**
   * The shopper's Cookie header, sent with the render's api requests as the browser sends it to
   * the api (same origin, /api): the product page starts at the quantity their cart holds.
   */
  cookie?: string;
  /**
   * Another remote's module the page embeds (federation/embedded.tsx), from the version the
   * composition names: loaded by the host before the render, null when it cannot be had (the page
   * then draws its "unavailable" in its place). Without it, every embed is unavailable.
   */
  embedded?: (ref: EmbeddedModuleRef) => Promise<EmbeddedServerModule | null>;
}

/** A module one remote's server container lends another's page: its component and the stylesheets it needs. */
export interface EmbeddedServerModule {
  Component: EmbeddableComponent;
  css: string;
}

/**
 * One answer a server render's store holds: RTK Query's endpoint, the argument it was asked with
 * and what the api answered. The browser's store starts with these (RTK Query's
 * `upsertQueryEntries`), so its first render draws what the server drew without asking again.
 */
export interface ServerQueryEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

export interface RegionRender {
  html: string;
  /** The stylesheets the HTML needs, in cascade order. */
  css: string;
  /** The answers the region was drawn with (a bundle built before they were sent may omit them). */
  queries?: ServerQueryEntry[];
  /** The page's HTTP status when it is not 200: 404 when it shows its not-found screen (pageStatus.tsx). */
  status?: number;
  /**
   * True when the region read nothing of the shopper's: every answer it asked for is the same
   * whoever asks (ANYONES_ENDPOINTS). The shell's server then gives a shopper the page it draws
   * for guests. A bundle built before this was sent omits it: its pages are drawn per shopper.
   */
  forAnyone?: boolean;
  /**
   * The shopper's lists the region read (shopperLists.ts), when it read nothing else of theirs:
   * drawn for a shopper whose lists these all are empty, it is the page drawn for guests, whose
   * lists are (the header's counts, a product page's starting quantity). Omitted where `forAnyone`
   * is true.
   */
  forEmptyLists?: ShopperList[];
  /**
   * Of those lists, the ones its HTML was drawn from (the answers its render read: a card's
   * wishlist heart, a product's quantity in the cart), beside `forEmptyLists`. The others it only
   * asked for the header: a shopper who has something in those alone can be given the guests'
   * region inside a frame drawn for them (edge/src/pageFrame.ts's `renderAround`).
   */
  showsLists?: ShopperList[];
  /**
   * With the cart among `showsLists`: the products whose lines are all its HTML shows of the cart
   * (a product page: its own product's quantity in the cart). A shopper whose cart holds no line of
   * these is drawn the same as a guest, whose cart is empty (shopperLists.ts's `holdsProductOf`).
   */
  cartLinesOf?: string[];
  /**
   * With the wishlist among `showsLists`: the products whose place in the wishlist is all its HTML
   * shows of it (a card's heart, a product page's wishlist button). A shopper whose wishlist holds
   * none of these is drawn the same as a guest, whose wishlist is empty.
   */
  wishlistItemsOf?: string[];
}

/** A list of the shopper's own a page may read and still be a guest's page for a shopper whose lists are empty (shopperLists.ts). */
export type ShopperList = 'cart' | 'wishlist';

/** What a remote's server container exposes as `./render`. `null`: this module is not rendered on the server. */
export interface RemoteServerBundle {
  renderRegion(request: RegionRenderRequest): Promise<RegionRender | null>;
  /**
   * The exposed modules other remotes' pages embed, as this container draws them on the server
   * (the cart's AddToCart), by their exposed name. A container built before this was added lends none.
   */
  embeddable?: Record<string, EmbeddedServerModule>;
}

/** A region a remote's server bundle rendered, placed by the shell's own render. */
export interface ServerRenderedRegion {
  remote: string;
  module: string;
  version: string;
  html: string;
}

/** What the shell's server bundle (shell/dist/server/render.js) is asked: its frame around the region. */
export interface ShellRenderRequest {
  pathname: string;
  search: string;
  viewportWidth: number;
  config: Partial<StorefrontConfig>;
  /** The page's region, if its remote rendered it; otherwise the region shows its skeleton. */
  region: ServerRenderedRegion | null;
  /** The answers the region was drawn with, the shopper's cart and wishlist among them: the header counts what the page shows. */
  queries?: ServerQueryEntry[];
  /**
   * The other remotes' modules the frame embeds (ShellServerBundle.embeds), loaded by the edge
   * from the composed versions, by "remote/Module"; null or missing for one that could not be had
   * (the frame draws its "unavailable" in its place).
   */
  embedded?: Readonly<Record<string, EmbeddedServerModule | null>>;
}

/**
 * What the shell's server bundle is asked for a page of its own (the shop's information pages:
 * about, contact and the legal pages), drawn whole, frame and page, with the data it shows.
 */
export interface ShellOwnPageRequest {
  pathname: string;
  search: string;
  viewportWidth: number;
  config: Partial<StorefrontConfig>;
  /** The shopper's Cookie header: the header counts their cart and wishlist. */
  cookie?: string;
  /** As ShellRenderRequest's: the modules the frame embeds. */
  embedded?: ShellRenderRequest['embedded'];
}

/** A page of the shell's own, drawn: what the edge sends, as it sends a region's page (RegionRender). */
export interface ShellOwnPage extends Pick<RegionRender, 'html' | 'css' | 'queries' | 'status' | 'forAnyone' | 'forEmptyLists'> {
  head?: PageHead;
}

/** A page's title (with the shop's name) and meta description. */
export interface PageHead {
  title: string;
  description: string;
}

/** A remote version's server container: its name on the shell's server and its entry's address. */
export interface ServerRemote {
  /** serverContainerName(): one per version. */
  name: string;
  /** `server/remoteEntry.js` beside the composed manifest, at the remote's own origin. */
  entry: string;
}

/** What the shell's server bundle exports (a promise of it: its shared modules are ready first). */
export interface ShellServerBundle {
  /** `head`: the page's title and description, for its <head>. */
  renderShellPage(request: ShellRenderRequest): { html: string; css: string; head?: PageHead };
  /**
   * Other remotes' modules the frame draws (the cart's wishlist and cart in the header): the edge
   * loads them before asking for a frame (ShellRenderRequest.embedded). A bundle built before this
   * was added embeds none.
   */
  embeds?: readonly EmbeddedModuleRef[];
  /**
   * A page of the shell's own drawn whole, or null: the shell does not draw that address on the
   * server, or the data it shows could not be read (the browser then draws it, with its error
   * state). A bundle built before this was added has none: the browser draws those pages.
   */
  renderOwnPage?(request: ShellOwnPageRequest): Promise<ShellOwnPage | null>;
  /** Loads a remote version's server container (once; the runtime keeps it) and what it exposes. */
  loadServerRemote(remote: ServerRemote): Promise<RemoteServerBundle>;
  /** Forgets a version the composition no longer names. */
  dropServerRemote(name: string): void;
  /**
   * The shopper's cart and wishlist, asked of the api with their cookie, as the header's answers
   * (the frame drawn for them around a shared region); null when either could not be read. A
   * bundle built before this was added has none: its pages are drawn whole per shopper.
   */
  shopperListAnswers?(request: {
    config: Partial<StorefrontConfig>;
    cookie?: string;
    /** The api's answers (its text) to the shopper's GET of these lists, which the edge has already: not asked again. */
    known?: Partial<Record<ShopperList, string>>;
  }): Promise<ServerQueryEntry[] | null>;
}

/** Marks what the server rendered, so the browser can tell it from what it renders itself. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * On #root and on a server-rendered region until the browser hydrates it: the page's inline script
 * (edge/src/eventReplay.ts) holds the taps on its controls until then, and replays them after.
 */
export const HYDRATION_PENDING_ATTRIBUTE = 'data-await-hydration';

/** On #root: the viewport width the server drew the page for, which hydration draws it for too. */
export const SERVER_VIEWPORT_ATTRIBUTE = 'data-viewport-width';

/** The id of the page's <script type="application/json"> holding the region's ServerQueryEntry[]. */
export const SERVER_QUERIES_ELEMENT_ID = 'storefront-server-queries';
