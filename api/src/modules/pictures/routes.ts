import { apiModule } from '../apiModule';
import { imageRoutes } from './imageRoutes';

/** Product pictures: public, the same for everyone, cached for a year; no shopper cookie. */
export default apiModule({
  name: 'pictures',
  uses: ['database', 'limits'],
  async register(app) {
    await app.register(imageRoutes, { database: app.database, encoderLimits: app.limits.pictures });
  },
});
