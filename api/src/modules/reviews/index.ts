/** What reviews give other modules: an order's change re-decides its products' verified-buyer badges. */
export { redecideVerifiedBuyers } from './reviewQueries';
