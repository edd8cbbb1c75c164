import { assetUrl, type Picture, type Product, selectAssetHost, toast, useAppSelector } from '@storefront/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Opens the product's large pictures in the full-screen lightbox. lightgallery is fetched the
 * first time a shopper opens one; focus goes back to what opened it when it closes.
 */
export function useLightbox(product: Product, pictures: readonly Picture[], thumbnails: readonly Picture[] = product.small_pictures) {
  const assetHost = useAppSelector(selectAssetHost);
  const anchor = useRef<HTMLDivElement>(null);
  const destroy = useRef<(() => void) | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => () => destroy.current?.(), []);

  const open = useCallback(
    async (index: number, trigger: HTMLElement) => {
      const element = anchor.current;
      if (!element || pictures.length === 0 || opening) return;
      setOpening(true);
      try {
        const { openLightbox } = await import(/* webpackChunkName: "later-lightbox" */ './lightGallery');
        destroy.current?.();
        destroy.current = openLightbox({
          anchor: element,
          index,
          label: `Pictures of ${product.name}`,
          slides: pictures.map((picture, position) => ({
            src: assetUrl(assetHost, picture.url),
            thumb: assetUrl(assetHost, (thumbnails[position] ?? picture).url),
            alt: `${product.name}, picture ${position + 1} of ${pictures.length}`,
          })),
          onClosed: () => {
            destroy.current = null;
            trigger.focus();
          },
        });
      } catch (error) {
        console.error('[mfe-product] the lightbox failed to open', error);
        toast.error('The full-screen view could not open. Please try again.');
      } finally {
        setOpening(false);
      }
    },
    [assetHost, opening, pictures, product.name, thumbnails],
  );

  return { anchor, open, opening };
}
