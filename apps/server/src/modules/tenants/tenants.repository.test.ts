import { describe, expect, it } from 'vitest';
import { nameWordsQuery } from './tenants.repository';

describe('nameWordsQuery', () => {
  it('makes every word of the search a prefix the name must have, lower case', () => {
    expect(nameWordsQuery('Hanne Hans')).toBe("'hanne':* & 'hans':*");
    expect(nameWordsQuery('Søren Ærø 12')).toBe("'søren':* & 'ærø':* & '12':*");
  });

  it('keeps tsquery syntax out: only letters and digits become words', () => {
    expect(nameWordsQuery("a' | !b:* & (c)")).toBe("'a':* & 'b':* & 'c':*");
    expect(nameWordsQuery('%_\\')).toBeNull();
    expect(nameWordsQuery('')).toBeNull();
  });
});
