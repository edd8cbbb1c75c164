import { parseProductRoute } from './productRoute';

const parse = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://shop.test');
  return parseProductRoute(pathname, searchParams);
};

describe('parseProductRoute', () => {
  it('reads /product?id={link} in the default layout', () => {
    expect(parse('/product?id=linen-shirt-dress')).toEqual({ layout: 'default', productId: 'linen-shirt-dress' });
  });

  it('reads /product/{slug} in the default layout', () => {
    expect(parse('/product/linen-shirt-dress')).toEqual({ layout: 'default', productId: 'linen-shirt-dress' });
  });

  it.each([
    'custom-tab',
    'left-sidebar',
    'right-sidebar',
    'sticky-cart',
    'extended',
    'grid',
    'full-width',
    'sticky-info',
    'sticky-both',
    'transparent',
    'center',
  ])('reads /product/%s/{slug} in that layout', (layout) => {
    expect(parse(`/product/${layout}/slim-stretch-chino-trousers`)).toEqual({ layout, productId: 'slim-stretch-chino-trousers' });
  });

  it('takes ?id= with a layout path', () => {
    expect(parse('/product/grid?id=42')).toEqual({ layout: 'grid', productId: '42' });
  });

  it('treats a lone segment as a slug, even one spelled like a layout', () => {
    expect(parse('/product/center')).toEqual({ layout: 'default', productId: 'center' });
  });

  it('decodes the slug', () => {
    expect(parse('/product/grid/caf%C3%A9-mug')).toEqual({ layout: 'grid', productId: 'café-mug' });
  });

  it('knows no product when the address names none', () => {
    expect(parse('/product')).toEqual({ layout: 'default', productId: '' });
  });

  it.each(['/product/%E0%A4%A', '/product/no-such-layout/tee', '/product/grid/tee/extra', '/product/default/tee'])('refuses %s', (url) => {
    expect(parse(url)).toBeNull();
  });
});
