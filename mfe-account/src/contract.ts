/**
 * What mfe-account adds to the one store. Each release publishes it (contract.json) and release
 * managers' checks refuse two remotes claiming one name; contract.test.ts keeps it true.
 */
export const CONTRACT = {
  slices: [] as string[],
  endpoints: [
    'addAddress',
    'deleteAddress',
    'getAddresses',
    'updateAddress',
    'getOperatorOrders',
    'getOperatorSummary',
    'getOperatorOrder',
    'moveOrder',
    'lookupOrder',
    'getOperatorProducts',
    'getCatalogueChoices',
    'getOperatorProduct',
    'createProduct',
    'updateProduct',
    'addPicture',
    'arrangePictures',
    'changeStock',
  ],
};
