import HtmlWebpackPlugin from 'html-webpack-plugin';
import { Compilation, sources, type Compiler } from 'webpack';

/** Chunk names of code a page loads only when it is used: a route of its own, or a region on demand. */
export const ON_DEMAND_CHUNK = /^(page|later)-/;
/** Chunk names of code only a desktop's first visit loads (the shell's main menu). */
export const DESKTOP_CHUNK = /^desktop-/;

/**
 * The .js and .css files of a build that a first visit loads (`files`, and on a desktop
 * `desktop` too), and those only on-demand chunks need.
 */
function splitFirstLoad(compilation: Compilation): { files: string[]; desktop: string[]; onDemand: string[] } {
  const firstLoad = new Set<string>();
  const desktop = new Set<string>();
  const onDemand = new Set<string>();
  // Module Federation gives a library the shell both provides and consumes (react-dom) two chunk
  // files with the same content: either installs both chunk ids, so a page loads only one (the
  // provided one, which comes first). Preloading both would fetch the same code twice.
  const installed = new Set<string>();
  for (const chunk of compilation.chunks) {
    const ids = [...(chunk.ids ?? [])].sort().join(',');
    if ((chunk.ids?.length ?? 0) > 1) {
      if (installed.has(ids)) continue;
      installed.add(ids);
    }
    const names = [...chunk.groupsIterable].map((group) => group.name ?? '');
    const named = (pattern: RegExp) => names.filter((name) => pattern.test(name)).length;
    const onDemandGroups = named(ON_DEMAND_CHUNK);
    const desktopGroups = named(DESKTOP_CHUNK);
    // In a first visit's chunks if any chunk group that is not on demand needs it.
    const list = names.length === 0 || onDemandGroups + desktopGroups < names.length ? firstLoad : desktopGroups > 0 ? desktop : onDemand;
    for (const file of chunk.files) {
      if (/\.(js|css)$/.test(file)) list.add(file);
    }
  }
  const sorted = (files: Set<string>) => [...files].sort();
  return { files: sorted(firstLoad), desktop: sorted(desktop), onDemand: sorted(onDemand) };
}

/**
 * For the shell (and its monolith build). Writes first-load.json: the scripts a first visit loads (everything but what only
 * on-demand chunks need, see ON_DEMAND_CHUNK), and those a desktop's loads besides (DESKTOP_CHUNK,
 * preloaded for wide screens only); the first-load budget test reads it. And has
 * index.html preload them, with /composition.json, so they download beside the entry script
 * instead of after it has run (one round trip less before the page can draw).
 */
export class FirstLoadPlugin {
  /**
   * `desktopMedia`: the media query of a wide screen, for the preloads of the desktop's chunks
   * (the shell's own threshold: its config says it, so no other package reads the shell's source).
   */
  constructor(private readonly options: { desktopMedia: string; preloadFetches?: readonly string[] }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StorefrontFirstLoad', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StorefrontFirstLoad', (data) => {
        const inHtml = new Set(data.headTags.concat(data.bodyTags).map((tag) => String(tag.attributes.src ?? tag.attributes.href ?? '')));
        const { files, desktop } = splitFirstLoad(compilation);
        const preloadsOf = (list: string[], media?: string) =>
          list
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${data.publicPath}${file}`)
            .filter((href) => !inHtml.has(href))
            .map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href, ...(media ? { media } : {}) }));
        const preloads = [...preloadsOf(files), ...preloadsOf(desktop, this.options.desktopMedia)];
        const fetches = (this.options.preloadFetches ?? []).map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }));
        // After the entry script, which starts the page; then what it will ask for.
        data.headTags.push(...fetches, ...preloads);
        return data;
      });
      compilation.hooks.processAssets.tap({ name: 'StorefrontFirstLoad', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset('first-load.json', new sources.RawSource(`${JSON.stringify(splitFirstLoad(compilation), null, 2)}\n`));
      });
    });
  }
}
