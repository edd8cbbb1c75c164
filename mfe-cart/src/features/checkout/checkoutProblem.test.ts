import { checkoutProblem } from './checkoutProblem';

describe('checkoutProblem', () => {
  it('lists the lines the stock cannot cover', () => {
    const lines = [{ id: '7', product_id: '7', name: 'Canvas Tote', requested: 3, available: 1 }];
    expect(checkoutProblem({ status: 409, data: { error: 'insufficient_stock', message: 'Not enough', lines } })).toEqual({
      kind: 'insufficient_stock',
      lines,
    });
  });

  it('knows an empty cart', () => {
    expect(checkoutProblem({ status: 400, data: { error: 'empty_cart', message: 'Your cart is empty' } })).toEqual({ kind: 'empty_cart' });
  });

  it("passes on the api's reason for any other refusal", () => {
    expect(checkoutProblem({ status: 422, data: { error: 'idempotency_key_reused', message: 'Use a new key' } })).toEqual({
      kind: 'refused',
      message: 'Use a new key',
    });
    expect(checkoutProblem({ status: 404, data: 'Not Found' })).toEqual({ kind: 'refused', message: 'The shop answered 404.' });
  });

  it('treats no answer or a server fault as unconfirmed', () => {
    expect(checkoutProblem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ kind: 'unconfirmed' });
    expect(checkoutProblem({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toEqual({ kind: 'unconfirmed' });
    expect(checkoutProblem({ status: 503, data: { error: 'internal_error', message: 'down' } })).toEqual({ kind: 'unconfirmed' });
    expect(checkoutProblem(new Error('boom'))).toEqual({ kind: 'unconfirmed' });
  });
});
