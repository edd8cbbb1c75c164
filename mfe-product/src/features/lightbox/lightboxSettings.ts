import { MESSAGES } from '@storefront/shared';

/**
 * lightgallery is GPLv3 or commercially licensed. The key comes from the build
 * (LIGHTGALLERY_LICENSE_KEY, see webpack.config.ts); without one it is lightgallery's own
 * open-source key, which makes it log a warning that it is not for commercial use.
 */
export const OPEN_SOURCE_LICENSE_KEY = '0000-0000-000-0000';
export const LICENSE_KEY = process.env.LIGHTGALLERY_LICENSE_KEY || OPEN_SOURCE_LICENSE_KEY;

/** Zoom levels 0 to 300 in steps of 100, i.e. from the picture's size to four times it. */
export const ZOOM_LEVELS = { min: 0, max: 300, step: 100 } as const;
/** lightgallery zooms by a scale factor: level 0 is scale 1, each 100 adds 1. */
export const zoomScale = (level: number) => 1 + level / 100;
export const MAX_ZOOM_SCALE = zoomScale(ZOOM_LEVELS.max);
export const ZOOM_SCALE_STEP = ZOOM_LEVELS.step / 100;

/** Animation 300 ms; the key repeat limit is applied by `guardLightboxKeys`. */
export const ANIMATION_MS = 300;
export const IMAGE_PADDING_PX = 10;
export const THUMB_SIZE_PX = 80;
export const THUMB_MARGIN_PX = 8;

/** The strings lightgallery shows, with the store's message for a picture that does not load. */
export const LIGHTBOX_STRINGS = {
  closeGallery: 'Close',
  toggleMaximize: 'Toggle full screen',
  previousSlide: 'Previous picture',
  nextSlide: 'Next picture',
  download: 'Download',
  playVideo: 'Play video',
  mediaLoadingFailed: MESSAGES.imageFailed,
};
