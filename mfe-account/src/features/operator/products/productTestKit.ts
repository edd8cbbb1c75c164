import { crc32, deflateSync } from 'node:zlib';
import { randomId, type User } from '@storefront/shared';
import { testApiUrl } from '@storefront/shared/testing';
import { recordedShopper, signedInOperator, type RecordedShopper } from '../../orders/orderTestKit';
import type { EditableProduct, OperatorProduct } from './productsApi';

/** A signed-in operator with the catalogue role, as `npm run operators -- add <email> --catalogue` makes one. */
export function signedInCatalogueOperator(shopper: RecordedShopper = recordedShopper()): Promise<RecordedShopper & { user: User }> {
  return signedInOperator(shopper, { catalogue: true, firstName: 'Thandi' });
}

/** A name no other test (nor the seed) uses: the test api's database is shared by every test file. */
export function uniqueProductName(name: string): string {
  return `${name} ${randomId(8).toLowerCase()}`;
}

export function draftProduct(overrides: Partial<EditableProduct> = {}): EditableProduct {
  return {
    name: uniqueProductName('Linen kaftan'),
    description: 'Light linen for hot days.\n\nHand wash cold.',
    categories: [],
    colours: [],
    sizes: [],
    price: 499,
    sale: null,
    published: false,
    ...overrides,
  };
}

async function answered(answer: Response, doing: string): Promise<OperatorProduct> {
  if (!answer.ok) throw new Error(`could not ${doing}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as OperatorProduct;
}

/** Creates a product through the api as `operator` (another member of staff, or the test's set-up). */
export async function createProductThroughApi(operator: RecordedShopper, product: EditableProduct = draftProduct()): Promise<OperatorProduct> {
  const answer = await operator.fetch(`${testApiUrl()}/operator/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product }),
  });
  return answered(answer, `create ${product.name}`);
}

/** Saves a change to a product through the api, as another member of staff's form would. */
export async function updateProductThroughApi(operator: RecordedShopper, id: string, base: EditableProduct, next: EditableProduct): Promise<OperatorProduct> {
  const answer = await operator.fetch(`${testApiUrl()}/operator/products/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ base, next }),
  });
  return answered(answer, `change ${id}`);
}

/** The bodies of the requests the page sent to `method` an address ending in `pathEnd`. */
export function sentBodies(operator: RecordedShopper, method: string, pathEnd: RegExp): unknown[] {
  return operator.sent.filter((request) => request.method === method && pathEnd.test(request.url.pathname)).map(({ body }) => JSON.parse(body) as unknown);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, 4 by 4 pixels: a different colour is different bytes (the api keeps one copy of each). */
export function tinyPng([red, green, blue]: readonly [number, number, number]): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [red, green, blue]).flat()]);
  const pixels = deflateSync(Buffer.concat([row, row, row, row]));
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(png);
}

/** The product as the api has it now. */
export async function productFromApi(operator: RecordedShopper, id: string): Promise<OperatorProduct> {
  return answered(await operator.fetch(`${testApiUrl()}/operator/products/${encodeURIComponent(id)}`), `read ${id}`);
}
