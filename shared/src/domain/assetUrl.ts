/**
 * Product pictures are stored as paths and loaded from the configured asset host.
 * Absolute URLs and data URIs pass through untouched.
 */
export function assetUrl(assetHost: string, path: string): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(path)) return path;
  const host = assetHost.endsWith('/') ? assetHost : `${assetHost}/`;
  return `${host}${path.replace(/^\/+/, '')}`;
}
