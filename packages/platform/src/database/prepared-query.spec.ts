import { sqlPairs } from './prepared-query';

describe('sqlPairs', () => {
  it('writes constant pairs as an SQL row list', () => {
    expect(
      sqlPairs([
        ['pending', 'completed'],
        ['completed', 'refunded'],
      ]),
    ).toBe("('pending', 'completed'), ('completed', 'refunded')");
  });

  it('refuses anything that is not a lower-case word, so no quote can reach the statement', () => {
    expect(() => sqlPairs([['pending', "x'); DROP TABLE t; --"]])).toThrow('not an SQL word');
  });
});
