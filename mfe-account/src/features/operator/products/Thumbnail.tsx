import { assetUrl, selectAssetHost, useAppSelector } from '@storefront/shared';
import { useState } from 'react';

interface ThumbnailProps {
  /** The small picture's path under the asset host, or null when there is none (yet). */
  path: string | null;
  /** Empty when the words beside it already say what it shows. */
  alt: string;
  size?: number;
}

/**
 * A product's small picture, from the asset host as ProductImage loads it. Without one (none yet,
 * still being made, or failed to load) an empty square keeps the place, hidden from screen readers.
 */
export function Thumbnail({ path, alt, size = 56 }: ThumbnailProps) {
  const assetHost = useAppSelector(selectAssetHost);
  const [failedPath, setFailedPath] = useState<string | null>(null);
  if (!path || failedPath === path) {
    return <span className="sf-image op-thumb op-thumb--missing" style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return (
    <img
      className="sf-image op-thumb"
      src={assetUrl(assetHost, path)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedPath(path)}
    />
  );
}
