import { formatMailAddress, maskAddress, maskAddressesIn, parseMailAddress } from './mailAddress';

describe('parseMailAddress', () => {
  it.each([
    ['hello@jacaranda.co.za', { name: '', address: 'hello@jacaranda.co.za' }],
    ['Jacaranda <hello@jacaranda.co.za>', { name: 'Jacaranda', address: 'hello@jacaranda.co.za' }],
    ['"Jacaranda, Pretoria" <hello@jacaranda.co.za>', { name: 'Jacaranda, Pretoria', address: 'hello@jacaranda.co.za' }],
    ['  Jacaranda   <hello@jacaranda.co.za>  ', { name: 'Jacaranda', address: 'hello@jacaranda.co.za' }],
  ])('reads %s', (value, expected) => {
    expect(parseMailAddress(value)).toEqual(expected);
  });

  it.each([
    'Jacaranda',
    'hello@jacaranda',
    'a@b.co.za, c@d.co.za',
    'Jacaranda <a@b.co.za>, c@d.co.za',
    'Jacaranda <hello@jacaranda.co.za>\r\nBcc: all@example.com',
    'Jaca<randa <hello@jacaranda.co.za>',
    '<hello@jacaranda.co.za',
  ])('refuses %j', (value) => {
    expect(parseMailAddress(value)).toBeNull();
  });

  it('writes an address back as it reads', () => {
    expect(formatMailAddress({ name: 'Jacaranda', address: 'hello@jacaranda.co.za' })).toBe('Jacaranda <hello@jacaranda.co.za>');
    expect(formatMailAddress({ name: '', address: 'hello@jacaranda.co.za' })).toBe('hello@jacaranda.co.za');
  });
});

describe('masking recipients for the log', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskAddress('thandi.nkosi@example.co.za')).toBe('t***@example.co.za');
    expect(maskAddress('not an address')).toBe('***');
  });

  it('masks every address in a mail server answer', () => {
    expect(maskAddressesIn('550 <thandi@example.co.za>: Recipient address rejected; also sipho@mail.co.za')).toBe(
      '550 <t***@example.co.za>: Recipient address rejected; also s***@mail.co.za',
    );
  });
});
