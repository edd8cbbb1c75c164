import type {
  CatalogueChoicesSchema,
  EditableProductSchema,
  NewProductBodySchema,
  OperatorPictureSchema,
  OperatorProductPageSchema,
  OperatorProductRowSchema,
  OperatorProductSchema,
  PictureArrangementBodySchema,
  ProductEditConflictSchema,
  Static,
  STOCK_REASONS,
  StockChangeBodySchema,
  StockMovementSchema,
} from '@storefront/contracts';
import { baseApi } from '@storefront/shared';
import { productSearchText, type ProductListSearch } from './productSearch';

export type EditableProduct = Static<typeof EditableProductSchema>;
export type OperatorProduct = Omit<Static<typeof OperatorProductSchema>, 'history'> & { history: StockMovement[] };
export type OperatorProductRow = Static<typeof OperatorProductRowSchema>;
export type OperatorProductPage = Static<typeof OperatorProductPageSchema>;
export type OperatorPicture = Static<typeof OperatorPictureSchema>;
export type CatalogueChoices = Static<typeof CatalogueChoicesSchema>;
/** Why a stock count changes (the contracts' union is built from this list, which TypeBox cannot read back). */
export type StockReason = (typeof STOCK_REASONS)[number];
export type StockMovement = Omit<Static<typeof StockMovementSchema>, 'reason'> & { reason: StockReason };
export type StockChange = Omit<Static<typeof StockChangeBodySchema>, 'reason'> & { reason: StockReason };
export type NewProduct = Static<typeof NewProductBodySchema>;
export type PictureArrangement = Static<typeof PictureArrangementBodySchema>['pictures'];
export type ProductEditConflict = Static<typeof ProductEditConflictSchema>;

export interface UpdateProductArgs {
  id: string;
  base: EditableProduct;
  next: EditableProduct;
}

/** A picture file can take longer than the api's usual 15 s to arrive on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The shop's staff editing the catalogue (/operator/products…, the catalogue role). Every answer
 * is also the signed-in account's ('Auth'), as the orders' are. A write answers with the whole
 * product, which the product's page shows at once; the list and the shop's own product pages
 * ('Catalogue', 'Product') ask again.
 */
/**
 * A write answers with the whole product: the product's page shows it at once, under `id` (or,
 * for a new product, the id the answer gives). A refused write shows nothing.
 */
async function showSaved(id: string | null, dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: OperatorProduct }>): Promise<void> {
  const saved = await queryFulfilled.then(
    ({ data }) => data,
    () => null,
  );
  if (saved) dispatch(productsApi.util.upsertQueryData('getOperatorProduct', id ?? saved.id, saved));
}

export const productsApi = baseApi.enhanceEndpoints({ addTagTypes: ['OperatorProduct', 'CatalogueChoices', 'Auth'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOperatorProducts: build.query<OperatorProductPage, ProductListSearch>({
      query: (search) => `operator/products${productSearchText(search)}`,
      providesTags: [{ type: 'OperatorProduct', id: 'LIST' }, 'Auth'],
    }),
    getCatalogueChoices: build.query<CatalogueChoices, void>({
      query: () => 'operator/catalogue-choices',
      providesTags: ['CatalogueChoices', 'Auth'],
    }),
    getOperatorProduct: build.query<OperatorProduct, string>({
      query: (id) => `operator/products/${encodeURIComponent(id)}`,
      providesTags: (_product, _error, id) => [{ type: 'OperatorProduct', id }, 'Auth'],
    }),
    createProduct: build.mutation<OperatorProduct, NewProduct>({
      query: (body) => ({ url: 'operator/products', method: 'POST', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => showSaved(null, dispatch, queryFulfilled),
      // A new colour or size typed into the form is one of the shop's from now on.
      invalidatesTags: (created) => (created ? [{ type: 'OperatorProduct', id: 'LIST' }, 'CatalogueChoices', 'Catalogue'] : []),
    }),
    updateProduct: build.mutation<OperatorProduct, UpdateProductArgs>({
      query: ({ id, base, next }) => ({ url: `operator/products/${encodeURIComponent(id)}`, method: 'PUT', body: { base, next } }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => showSaved(id, dispatch, queryFulfilled),
      // Refused because someone else saved first: the page's product is stale too.
      invalidatesTags: (saved, _error, { id }) =>
        saved
          ? [{ type: 'OperatorProduct', id: 'LIST' }, 'CatalogueChoices', 'Catalogue', { type: 'Product', id }]
          : [{ type: 'OperatorProduct', id }],
    }),
    addPicture: build.mutation<OperatorProduct, { id: string; file: Blob }>({
      query: ({ id, file }) => ({
        url: `operator/products/${encodeURIComponent(id)}/pictures`,
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
        timeout: UPLOAD_TIMEOUT_MS,
      }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => showSaved(id, dispatch, queryFulfilled),
      invalidatesTags: (saved, _error, { id }) => (saved ? [{ type: 'OperatorProduct', id: 'LIST' }, 'Catalogue', { type: 'Product', id }] : []),
    }),
    arrangePictures: build.mutation<OperatorProduct, { id: string; pictures: PictureArrangement }>({
      query: ({ id, pictures }) => ({ url: `operator/products/${encodeURIComponent(id)}/pictures`, method: 'PUT', body: { pictures } }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => showSaved(id, dispatch, queryFulfilled),
      invalidatesTags: (saved, _error, { id }) =>
        saved ? [{ type: 'OperatorProduct', id: 'LIST' }, 'Catalogue', { type: 'Product', id }] : [{ type: 'OperatorProduct', id }],
    }),
    changeStock: build.mutation<OperatorProduct, StockChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `operator/products/${encodeURIComponent(id)}/stock`, method: 'POST', body }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => showSaved(id, dispatch, queryFulfilled),
      // Refused (more damaged than in stock, say): the stock shown may be stale.
      invalidatesTags: (saved, _error, { id }) =>
        saved ? [{ type: 'OperatorProduct', id: 'LIST' }, 'Catalogue', { type: 'Product', id }] : [{ type: 'OperatorProduct', id }],
    }),
  }),
});

export const {
  useGetOperatorProductsQuery,
  useGetCatalogueChoicesQuery,
  useGetOperatorProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useAddPictureMutation,
  useArrangePicturesMutation,
  useChangeStockMutation,
} = productsApi;
