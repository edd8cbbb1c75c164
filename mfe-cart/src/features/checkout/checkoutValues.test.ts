import {
  checkoutErrors,
  checkoutStepFromSearch,
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

  it('starts with the marketing consent unticked, and sends it only when the shopper ticked it', () => {
    expect(initialCheckoutValues('delivery').marketing_consent).toBe(false);
    expect(toPlaceOrderRequest(filled)).not.toHaveProperty('marketingConsent');
    expect(toPlaceOrderRequest({ ...filled, marketing_consent: true })).toMatchObject({ marketingConsent: true });
  });

  it('finds nothing wrong with details that can be placed, and names each field that cannot', () => {
    expect(checkoutErrors({ ...filled, first_name: 'Thandi' })).toEqual({});
    expect(checkoutErrors(initialCheckoutValues('delivery'))).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email address is required',
      phone: 'Phone number is required',
      street: 'Street address is required',
      suburb: 'Suburb is required',
      city: 'City or town is required',
      province: 'Choose a province',
      postal_code: 'Postal code is required',
    });
    expect(checkoutErrors({ ...filled, last_name: 'Nkosi\u202E' })).toEqual({
      last_name: 'Last name must not contain characters that change the direction of text',
    });
  });

  it('asks for no address when collecting in store', () => {
    expect(checkoutErrors({ ...filled, delivery_method: 'collect', street: '', province: '' })).toEqual({});
  });

  it('reads the step from the URL: the review only when it says so', () => {
    expect(checkoutStepFromSearch('review')).toBe('review');
    expect(checkoutStepFromSearch('details')).toBe('details');
    expect(checkoutStepFromSearch(null)).toBe('details');
    expect(checkoutStepFromSearch('place')).toBe('details');
  });

  it('reads the delivery choice the cart page put in the URL', () => {
    expect(deliveryMethodFromSearch('collect')).toBe('collect');
    expect(deliveryMethodFromSearch('delivery')).toBe('delivery');
    expect(deliveryMethodFromSearch(null)).toBe('delivery');
    expect(deliveryMethodFromSearch('drone')).toBe('delivery');
  });
});

describe('phone as the shopper types: +27 forced, digits only', () => {
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
