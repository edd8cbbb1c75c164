import { apiModule } from '../apiModule';
import { makeNextPicture } from './pictureStore';
import { pictureFileRoutes } from './pictureFileRoutes';

/** How often the picture maker looks for pictures to make when it last found none. */
const IDLE_POLL_MS = 2000;

/**
 * A shop's own catalogue files: the pictures made from them (public, cached for a year, no
 * shopper cookie) and the picture maker, which makes the pictures an import names, one at a time,
 * in the background. Importing and exporting are operator routes (catalogueFileRoutes.ts).
 */
export default apiModule({
  name: 'catalogueFiles',
  uses: ['database'],
  async register(app, { makePictures }) {
    const { database } = app;
    await app.register(pictureFileRoutes, { database });
    if (!makePictures) return;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    let running: Promise<void> | null = null;
    const work = async () => {
      timer = null;
      let made = false;
      try {
        made = await makeNextPicture(database);
      } catch (error) {
        app.log.warn({ err: error }, 'the picture maker could not make a picture');
      }
      if (!stopped) timer = setTimeout(() => (running = work()), made ? 0 : IDLE_POLL_MS);
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(() => (running = work()), IDLE_POLL_MS);
    });
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A picture being made finishes before the database closes.
      await running;
    });
  },
});
