import { apiModule } from '../apiModule';
import { shopDisclosures } from './disclosures';
import { shopRoutes } from './shopRoutes';

/** The shop's details and policies: the same for everyone, cached for a minute, no cookie. */
export default apiModule({
  name: 'shop',
  uses: ['limits'],
  async register(app, options) {
    const disclosures = shopDisclosures(options.shop, {
      eft: options.eft,
      paymentWindowHours: options.paymentWindowHours,
      anonymousShopperDays: app.limits.retention.anonymousShopperDays,
      storefrontUrl: options.storefrontUrl,
    });
    await app.register(shopRoutes, { disclosures });
  },
});
