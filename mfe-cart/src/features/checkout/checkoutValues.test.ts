import {
  deliveryMethodFromSearch,
  initialCheckoutValues,
  parsePhone,
  parsePostalCode,
  toPlaceOrderRequest,
  validateEmail,
  validatePhone,
  validatePostalCode,
  validateProvince,
  type CheckoutValues,
} from './checkoutValues';

const filled: CheckoutValues = {
  ...initialCheckoutValues('delivery'),
  first_name: ' Thandi ',
  last_name: 'Nkosi',
  email: ' thandi@example.co.za ',
  phone: '+27821234567',
  street: '12 Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
};

describe('checkout values', () => {
  it('sends trimmed contact details and the address for delivery', () => {
    expect(toPlaceOrderRequest(filled)).toEqual({
      contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
      delivery: { method: 'delivery', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
      payment_method: 'eft',
    });
  });

  it('sends no address when collecting in store, whatever was typed before switching', () => {
    expect(toPlaceOrderRequest({ ...filled, delivery_method: 'collect', payment_method: 'cod' })).toMatchObject({
      delivery: { method: 'collect' },
      payment_method: 'cod',
    });
  });

  it('reads the delivery choice the cart page put in the URL', () => {
    expect(deliveryMethodFromSearch('collect')).toBe('collect');
    expect(deliveryMethodFromSearch('delivery')).toBe('delivery');
    expect(deliveryMethodFromSearch(null)).toBe('delivery');
    expect(deliveryMethodFromSearch('drone')).toBe('delivery');
  });
});

describe('phone as the shopper types (§5)', () => {
  it.each([
    ['0', '+27'],
    ['08', '+278'],
    ['082 123 4567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['27821234567', '+27821234567'],
    ['+278212345678999', '+27821234567'],
    ['(082) 123-4567', '+27821234567'],
  ])('%s becomes %s', (typed, value) => {
    expect(parsePhone(typed)).toBe(value);
  });

  it('can be erased: backspacing into the prefix empties the box', () => {
    expect(parsePhone('+2')).toBe('');
    expect(parsePhone('+')).toBe('');
    expect(parsePhone('')).toBe('');
    expect(parsePhone(undefined)).toBe('');
  });

  it('accepts +27 and exactly 9 digits', () => {
    expect(validatePhone('+27821234567')).toBeUndefined();
    expect(validatePhone('+2782123456')).toMatch(/\+27 and 9 digits/);
    expect(validatePhone('')).toBe('Phone number is required');
  });
});

describe('address and email rules', () => {
  it('postal code: four digits, typed letters dropped', () => {
    expect(parsePostalCode('80a01')).toBe('8001');
    expect(parsePostalCode('123456')).toBe('1234');
    expect(validatePostalCode('0181')).toBeUndefined();
    expect(validatePostalCode('800')).toBe('A postal code is 4 digits');
    expect(validatePostalCode('')).toBe('Postal code is required');
  });

  it('province: one of the nine', () => {
    expect(validateProvince('Gauteng')).toBeUndefined();
    expect(validateProvince('')).toBe('Choose a province');
    expect(validateProvince('Transvaal')).toBe('Choose a province');
  });

  it('email: required and shaped like one', () => {
    expect(validateEmail('thandi@example.co.za')).toBeUndefined();
    expect(validateEmail('thandi@')).toMatch(/valid email/);
    expect(validateEmail(' ')).toBe('Email address is required');
  });
});
