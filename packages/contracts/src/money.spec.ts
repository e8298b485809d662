import { fixed2, hasUsdRate, toUsd } from './money';

describe('reference-rate conversion to USD', () => {
  it('keeps USD as it is, to 2 places', () => {
    expect(toUsd('129.9', 'USD')).toBe('129.90');
    expect(toUsd('0.005', 'usd')).toBe('0.01');
  });

  it('converts NZD and AUD at the H.10 rates of 3 April 2023 (0.6289 and 0.6784 USD per unit)', () => {
    expect(toUsd('100.00', 'NZD')).toBe('62.89');
    expect(toUsd('4.80', 'AUD')).toBe('3.26'); // 3.25632
    expect(toUsd('1000.00', 'AUD')).toBe('678.40');
  });

  it('inverts per-USD quotes (132.35 JPY per USD)', () => {
    expect(toUsd('13235', 'JPY')).toBe('100.00');
  });

  it('has no USD price for XRP', () => {
    expect(hasUsdRate('XRP')).toBe(false);
    expect(toUsd('100.000000', 'XRP')).toBeNull();
  });

  it('rounds decimal strings half away from zero', () => {
    expect(fixed2('2.345')).toBe('2.35');
    expect(fixed2('-2.345')).toBe('-2.35');
    expect(fixed2('7')).toBe('7.00');
  });
});
