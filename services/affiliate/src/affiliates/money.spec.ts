import { fromCents, toCents } from './money';

describe('money', () => {
  it('turns decimal strings into cents and back without floats', () => {
    expect(toCents('0.00')).toBe(0);
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('-3.07')).toBe(-307);
    expect(toCents('9999999999999.99')).toBe(999999999999999);
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(-307)).toBe('-3.07');
    expect(fromCents(5)).toBe('0.05');
  });
});
