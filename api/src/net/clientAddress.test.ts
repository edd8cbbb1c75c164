import { clientAddressKey } from './clientAddress';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is, mapped or not', () => {
    expect(clientAddressKey('196.25.1.9')).toBe('196.25.1.9');
    expect(clientAddressKey('::ffff:196.25.1.9')).toBe('196.25.1.9');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = clientAddressKey('2c0f:f4c0:1234:5678:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2c0f:f4c0:1234:5678::/64');
    expect(clientAddressKey('2c0f:f4c0:1234:5678::1')).toBe(key);
    expect(clientAddressKey('2C0F:F4C0:1234:5678:0:0:0:ffff')).toBe(key);
    expect(clientAddressKey('2c0f:f4c0:1234:5679::1')).not.toBe(key);
  });

  it('writes a /64 one way however the address was shortened', () => {
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
  });
});
