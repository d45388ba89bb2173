import { describe, expect, it } from 'vitest';
import { isSameOrDescendant, nextChildCode } from './organization-unit-code';

describe('organization unit codes', () => {
  it('numbers the first root and the first child from 00001', () => {
    expect(nextChildCode(null, [])).toBe('00001');
    expect(nextChildCode('00003', [])).toBe('00003.00001');
  });

  it('continues after the highest sibling, even with gaps', () => {
    expect(nextChildCode(null, ['00001', '00004', '00002'])).toBe('00005');
    expect(nextChildCode('00001', ['00001.00009'])).toBe('00001.00010');
  });

  it('tells descendants apart from units whose code merely starts alike', () => {
    expect(isSameOrDescendant('00001', '00001')).toBe(true);
    expect(isSameOrDescendant('00001.00002.00001', '00001')).toBe(true);
    expect(isSameOrDescendant('000011', '00001')).toBe(false);
    expect(isSameOrDescendant('00002', '00001')).toBe(false);
  });
});
