/**
 * The api's text inputs, route by route, for the suite that sends each one text it must refuse
 * (plugins/textInput.test.ts): every field a client can send, the fields that must not be blank,
 * the names and words other shoppers may read, the tables a refused request must leave as they
 * were, and the bodies the requests start from.
 */
import { randomUUID } from 'node:crypto';
import { cartLineKey } from '@storefront/shared/domain';
import type { Product } from '@storefront/shared/types';
import type { InjectOptions } from 'fastify';
import { registration } from './accounts';

/** Every table a request can write; each is fingerprinted whole to prove a refused request wrote nothing. */
export const WRITTEN_TABLES = [
  'shoppers',
  'users',
  'sessions',
  'login_failures',
  'password_reset_tokens',
  'sign_in_codes',
  'mail_outbox',
  'addresses',
  'cart_lines',
  'wishlist_items',
  'orders',
  'order_lines',
  'order_idempotency_keys',
  'reviews',
  'newsletter_subscribers',
  'contact_messages',
  'products',
] as const;

let counter = 0;
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return registration(`text.${process.pid}.${counter}@example.co.za`, overrides);
}

export const address = { label: 'Home', recipient: 'Thandi Mokoena', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' };
export const contactMessage = { name: 'Sipho Ndlovu', email: 'sipho@example.co.za', phone: '082 123 4567', subject: 'Delivery', message: 'Do you deliver to Soweto?' };
export const order = {
  contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
  delivery: { method: 'delivery', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
  payment_method: 'cod',
};

/** Who sends a request: a new browser, or the signed-in member (who has a cart line and an address). */
export type Sender = 'guest' | 'member';
/** Builds the request with `text(valid)` in one field, where `text` spoils (or keeps) the valid value. */
export type Build = (text: (valid: string) => string) => InjectOptions;
export type FieldCase = [field: string, sender: Sender, build: Build];

export function post(url: string, payload: object): InjectOptions {
  return { method: 'POST', url, payload };
}

/** A text in a path segment, as a browser would encode it. */
export function segment(text: string): string {
  return encodeURIComponent(text);
}

/** The signed-in member's things the requests name, filled in once the suite has made them. */
export interface MemberFixtures {
  simple: Product;
  variant: Product;
  addressId: string;
  lineKey: string;
}

/** Every text a client can send, route by route: path parameters, query strings and bodies. */
export const textFields = (member: MemberFixtures): FieldCase[] => {
  const line = () => ({ id: cartLineKey(member.variant, member.variant.colours[0]?.name, member.variant.sizes[0]?.name), qty: 1 });
  return [
    ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
    ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
    ['body/email', 'guest', (t) => post('/auth/register', newAccount({ email: t('thandi@example.co.za') }))],
    ['body/password', 'guest', (t) => post('/auth/register', newAccount({ password: t('correct horse battery') }))],
    ['body/phone', 'guest', (t) => post('/auth/register', newAccount({ phone: t('082 123 4567') }))],
    ['body/email', 'guest', (t) => post('/auth/login', { email: t('thandi@example.co.za'), password: 'correct horse battery' })],
    ['body/password', 'guest', (t) => post('/auth/login', { email: 'thandi@example.co.za', password: t('correct horse battery') })],
    ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
    ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
    ['body/phone', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { phone: t('073 111 2222') } })],
    ['body/email', 'guest', (t) => post('/auth/forgot-password', { email: t('thandi@example.co.za') })],
    ['body/token', 'guest', (t) => post('/auth/reset-password', { token: t('abcdefghijklmnop'), password: 'a new long password' })],
    ['body/password', 'guest', (t) => post('/auth/reset-password', { token: 'abcdefghijklmnop', password: t('a new long password') })],
    ...(['label', 'recipient', 'street', 'suburb', 'city', 'province', 'postal_code'] as const).flatMap((name): FieldCase[] => [
      [`body/${name}`, 'member', (t) => post('/account/addresses', { ...address, [name]: t(address[name]) })],
      [`body/${name}`, 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${member.addressId}`, payload: { ...address, [name]: t(address[name]) } })],
    ]),
    ['params/id', 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${segment(t(member.addressId))}`, payload: address })],
    ['params/id', 'member', (t) => ({ method: 'DELETE', url: `/account/addresses/${segment(t(member.addressId))}` })],
    ...(['first_name', 'last_name', 'email', 'phone'] as const).map((name): FieldCase => [
      `body/contact/${name}`,
      'member',
      (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
    ]),
    ...(['method', 'street', 'suburb', 'city', 'province', 'postal_code'] as const).map((name): FieldCase => [
      `body/delivery/${name}`,
      'member',
      (t) => ({ ...post('/orders', { ...order, delivery: { ...order.delivery, [name]: t(order.delivery[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
    ]),
    ['body/payment_method', 'member', (t) => ({ ...post('/orders', { ...order, payment_method: t('cod') }), headers: { 'idempotency-key': randomUUID() } })],
    ['params/id', 'member', (t) => ({ method: 'GET', url: `/orders/${segment(t(randomUUID()))}` })],
    ['body/id', 'member', (t) => post('/cart', { ...line(), id: t(line().id) })],
    ['body/name', 'member', (t) => post('/cart', { ...line(), name: t(member.variant.name) })],
    ['body/colour', 'member', (t) => post('/cart', { ...line(), colour: t(member.variant.colours[0]?.name ?? 'Black') })],
    ['body/size', 'member', (t) => post('/cart', { ...line(), size: t(member.variant.sizes[0]?.name ?? 'M') })],
    ['body/colour_code', 'member', (t) => post('/cart', { ...line(), colour_code: t('#000000') })],
    ['body/small_pictures/0/url', 'member', (t) => post('/cart', { ...line(), small_pictures: [{ url: t('/images/products/x/1-small.svg'), width: 1, height: 1 }] })],
    ['params/key', 'member', (t) => ({ method: 'GET', url: `/cart/${segment(t(member.lineKey))}` })],
    ['params/key', 'member', (t) => ({ method: 'PATCH', url: `/cart/${segment(t(member.lineKey))}`, payload: { id: member.lineKey, qty: 2 } })],
    ['body/id', 'member', (t) => ({ method: 'PATCH', url: `/cart/${segment(member.lineKey)}`, payload: { id: t(member.lineKey), qty: 2 } })],
    ['params/key', 'member', (t) => ({ method: 'DELETE', url: `/cart/${segment(t(member.lineKey))}` })],
    ['body/id', 'member', (t) => post('/wishlist', { id: t(member.simple.id) })],
    ['body/name', 'member', (t) => post('/wishlist', { id: member.simple.id, name: t(member.simple.name) })],
    ['body/categories/0/name', 'member', (t) => post('/wishlist', { id: member.simple.id, categories: [{ id: 'tops', name: t('Tops') }] })],
    ['params/id', 'member', (t) => ({ method: 'DELETE', url: `/wishlist/${segment(t(member.simple.id))}` })],
    ['params/id', 'guest', (t) => ({ method: 'GET', url: `/products/${segment(t(member.simple.id))}/reviews` })],
    ['params/id', 'member', (t) => post(`/products/${segment(t(member.simple.id))}/reviews`, { rating: 4, body: 'Good' })],
    ['body/title', 'member', (t) => post(`/products/${member.simple.id}/reviews`, { rating: 4, title: t('Good value'), body: 'Warm' })],
    ['body/body', 'member', (t) => post(`/products/${member.simple.id}/reviews`, { rating: 4, body: t('Warm') })],
    ['body/email', 'guest', (t) => post('/newsletter', { email: t('zanele@example.co.za') })],
    ...(['name', 'email', 'phone', 'subject', 'message'] as const).map((name): FieldCase => [
      `body/${name}`,
      'guest',
      (t) => post('/contact-messages', { ...contactMessage, [name]: t(contactMessage[name]) }),
    ]),
    ['params/id', 'guest', (t) => ({ method: 'GET', url: `/products/${segment(t(member.simple.id))}` })],
    ['params/productId', 'guest', (t) => ({ method: 'GET', url: `/images/products/${segment(t(member.simple.id))}/1.svg` })],
    ['params/file', 'guest', (t) => ({ method: 'GET', url: `/images/products/${member.simple.id}/${segment(t('1.svg'))}` })],
    ...['/products', '/products/facets'].flatMap((path): FieldCase[] => [
      ['querystring/category', 'guest', (t) => ({ method: 'GET', url: path, query: { category: t('Tops') } })],
      ['querystring/search', 'guest', (t) => ({ method: 'GET', url: path, query: { search: t('shirt') } })],
      ['querystring/colour/0', 'guest', (t) => ({ method: 'GET', url: path, query: { colour: [t('Black'), 'White'] } })],
      ['querystring/size', 'guest', (t) => ({ method: 'GET', url: path, query: { size: t('M') } })],
      ['querystring/min_price', 'guest', (t) => ({ method: 'GET', url: path, query: { min_price: t('10') } })],
    ]),
    ['querystring/sort', 'guest', (t) => ({ method: 'GET', url: '/products', query: { sort: t('price_asc') } })],
    ['querystring/page', 'guest', (t) => ({ method: 'GET', url: '/products', query: { page: t('2') } })],
    ['querystring/q', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: t('shirt') } })],
    ['querystring/category', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: 'shirt', category: t('Tops') } })],
    ['querystring/page', 'guest', (t) => ({ method: 'GET', url: `/products/${member.simple.id}/reviews`, query: { page: t('1') } })],
    ['querystring/limit', 'guest', (t) => ({ method: 'GET', url: `/products/${member.simple.id}/reviews`, query: { limit: t('10') } })],
  ];
};

/** The names, places and words that must not be blank. */
export const blankFields = (member: MemberFixtures): FieldCase[] => [
  ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
  ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
  ['body/email', 'guest', (t) => post('/auth/register', newAccount({ email: t('thandi@example.co.za') }))],
  ['body/email', 'guest', (t) => post('/auth/login', { email: t('thandi@example.co.za'), password: 'correct horse battery' })],
  ['body/email', 'guest', (t) => post('/auth/forgot-password', { email: t('thandi@example.co.za') })],
  ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
  ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
  ...(['recipient', 'street', 'city', 'province'] as const).flatMap((name): FieldCase[] => [
    [`body/${name}`, 'member', (t) => post('/account/addresses', { ...address, [name]: t(address[name]) })],
    [`body/${name}`, 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${member.addressId}`, payload: { ...address, [name]: t(address[name]) } })],
  ]),
  ...(['first_name', 'last_name'] as const).map((name): FieldCase => [
    `body/contact/${name}`,
    'member',
    (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
  ]),
  ...(['street', 'suburb', 'city'] as const).map((name): FieldCase => [
    `body/delivery/${name}`,
    'member',
    (t) => ({ ...post('/orders', { ...order, delivery: { ...order.delivery, [name]: t(order.delivery[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
  ]),
  ['body/body', 'member', (t) => post(`/products/${member.simple.id}/reviews`, { rating: 4, body: t('Warm') })],
  ['querystring/q', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: t('shirt') } })],
];

/** Names and words other shoppers may read: where a direction control is refused. */
export const shownFields = (member: MemberFixtures): FieldCase[] => [
  ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
  ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
  ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
  ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
  ['body/recipient', 'member', (t) => post('/account/addresses', { ...address, recipient: t(address.recipient) })],
  ['body/recipient', 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${member.addressId}`, payload: { ...address, recipient: t(address.recipient) } })],
  ...(['first_name', 'last_name'] as const).map((name): FieldCase => [
    `body/contact/${name}`,
    'member',
    (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
  ]),
  ['body/title', 'member', (t) => post(`/products/${member.simple.id}/reviews`, { rating: 4, title: t('Good value'), body: 'Warm' })],
  ['body/body', 'member', (t) => post(`/products/${member.simple.id}/reviews`, { rating: 4, body: t('Warm') })],
];
