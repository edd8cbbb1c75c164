/** What product editing gives the operator routes: its routes, behind their sign-in check. */
export { productEditRoutes } from './productEditRoutes';
