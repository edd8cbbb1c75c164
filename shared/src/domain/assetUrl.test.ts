import { assetUrl } from './assetUrl';

describe('assetUrl', () => {
  it('prefixes a picture path with the asset host', () => {
    expect(assetUrl('/api/images/', 'products/3/1.svg')).toBe('/api/images/products/3/1.svg');
    expect(assetUrl('https://cdn.example.co.za/img', '/products/3/1.svg')).toBe(
      'https://cdn.example.co.za/img/products/3/1.svg',
    );
  });

  it('leaves absolute URLs alone', () => {
    expect(assetUrl('/api/images/', 'https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(assetUrl('/api/images/', 'data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
  });
});
