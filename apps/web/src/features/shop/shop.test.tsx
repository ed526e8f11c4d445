import { ApiError } from '../../lib/api/client';
import { describe, expect, it } from 'vitest';
import { checkoutErrors } from './pages/checkout-page';

describe('checkout form errors', () => {
  it('puts a refused promotion code under the code field', () => {
    const error = new ApiError(422, [
      {
        status: '422',
        code: 'PROMOTION_NOT_USABLE',
        title: 'Invalid',
        detail: 'This promotion code has expired.',
        source: { pointer: '/data/attributes/promotion_code' },
        meta: { rule: 'expired' },
      },
    ]);
    const errors = checkoutErrors(error, 'fallback');
    expect(Object.keys(errors.fields)).toEqual(['promotionCode']);
    expect(errors.fields.promotionCode).toBeTruthy();
    expect(errors.general).toEqual([]);
  });

  it('shows an unknown product or any other refusal above the form', () => {
    const error = new ApiError(422, [
      {
        status: '422',
        code: 'VALIDATION_ERROR',
        title: 'Invalid',
        detail: 'This product does not exist.',
        source: { pointer: '/data/relationships/products/data/0/id' },
      },
    ]);
    const errors = checkoutErrors(error, 'fallback');
    expect(errors.fields).toEqual({});
    expect(errors.general).toHaveLength(1);
    expect(checkoutErrors(new Error('offline'), 'fallback').general).toEqual(['fallback']);
  });
});
