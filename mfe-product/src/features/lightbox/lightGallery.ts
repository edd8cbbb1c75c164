/**
 * lightgallery and its style sheets: only ever imported with import(), when a shopper first
 * opens a picture, so none of it is in the product page's first load.
 */
import lightGallery from 'lightgallery';
import 'lightgallery/css/lg-thumbnail.css';
import 'lightgallery/css/lg-zoom.css';
import 'lightgallery/css/lightgallery.css';
import type { GalleryItem } from 'lightgallery/lg-utils';
import lgThumbnail from 'lightgallery/plugins/thumbnail';
import lgZoom from 'lightgallery/plugins/zoom';
import { guardLightboxKeys } from './guardLightboxKeys';
import './lightbox.css';
import {
  ANIMATION_MS,
  LICENSE_KEY,
  OPEN_SOURCE_LICENSE_KEY,
  LIGHTBOX_STRINGS,
  MAX_ZOOM_SCALE,
  THUMB_MARGIN_PX,
  THUMB_SIZE_PX,
  ZOOM_SCALE_STEP,
} from './lightboxSettings';

/**
 * lightgallery caps zoom at a picture's natural size (or not at all); the store wants four levels
 * (docs/behaviour.md#lightbox) whatever the picture's size, so "actual size" here means the largest zoom level.
 */
class LevelledZoom extends lgZoom {
  override getCurrentImageActualSizeScale(): number {
    return MAX_ZOOM_SCALE;
  }

  /**
   * At the top level lightgallery swaps the zoom for the picture's natural size (its "actual
   * size"), which for our pictures is about 1.1 times the screen's: the third step made the
   * picture smaller. Here the top level stays four times the picture, as its transform says.
   */
  override setZoomImageSize(): void {}
}

/**
 * lightgallery warns on the shopper's console, each time it opens, that its open-source key is not
 * for production use. Whether the shop meets GPLv3 or has bought a key (LIGHTGALLERY_LICENSE_KEY)
 * is the shop's to settle once (README), not every shopper's to read: that one notice is dropped
 * while the gallery starts; every other warning passes.
 */
function withoutLicenceNotice<T>(start: () => T): T {
  if (LICENSE_KEY !== OPEN_SOURCE_LICENSE_KEY) return start();
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('lightGallery:') && args[0].includes('license key')) return;
    warn(...args);
  };
  try {
    return start();
  } finally {
    console.warn = warn;
  }
}

export interface LightboxSlide {
  src: string;
  thumb: string;
  alt: string;
}

export interface OpenLightboxOptions {
  /** An element of the page the gallery's events are bound to. */
  anchor: HTMLElement;
  slides: LightboxSlide[];
  index: number;
  /** The dialog's accessible name. */
  label: string;
  onClosed: () => void;
}

/** Opens the full-screen gallery; it removes itself from the page once closed. */
export function openLightbox({ anchor, slides, index, label, onClosed }: OpenLightboxOptions): () => void {
  const items: GalleryItem[] = slides.map((slide) => ({ src: slide.src, thumb: slide.thumb, alt: slide.alt }));
  const gallery = withoutLicenceNotice(() => lightGallery(anchor, {
    licenseKey: LICENSE_KEY,
    dynamic: true,
    dynamicEl: items,
    plugins: [LevelledZoom, lgThumbnail],
    addClass: 'prd-lightbox',
    speed: ANIMATION_MS,
    backdropDuration: ANIMATION_MS,
    startAnimationDuration: ANIMATION_MS,
    loop: true,
    closable: true,
    closeOnTap: true,
    // Esc is handled by guardLightboxKeys, before a dialog underneath can take it.
    escKey: false,
    keyPress: true,
    hideScrollbar: true,
    download: false,
    getCaptionFromTitleOrAlt: false,
    strings: LIGHTBOX_STRINGS,
    zoom: true,
    scale: ZOOM_SCALE_STEP,
    infiniteZoom: false,
    actualSize: false,
    showZoomInOutIcons: true,
    thumbnail: true,
    thumbWidth: THUMB_SIZE_PX,
    thumbHeight: `${THUMB_SIZE_PX}px`,
    thumbMargin: THUMB_MARGIN_PX,
    mobileSettings: { controls: true, showCloseIcon: true, download: false },
  }));

  let removeGuard = () => {};
  const destroy = () => {
    removeGuard();
    anchor.removeEventListener('lgAfterClose', onAfterClose);
    gallery.destroy();
  };
  function onAfterClose() {
    // lightgallery is still finishing its close when it says so; destroy it right after.
    setTimeout(destroy);
    onClosed();
  }
  anchor.addEventListener('lgAfterClose', onAfterClose);
  anchor.addEventListener(
    'lgAfterOpen',
    () => {
      gallery.$container.attr('aria-label', label);
      removeGuard = guardLightboxKeys(window, { close: () => gallery.closeGallery() });
    },
    { once: true },
  );
  gallery.openGallery(index);
  return destroy;
}
