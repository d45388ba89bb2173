import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Anna Marie Jensen')).toBe('AJ');
    expect(initialsOf('  søren   østergaard ')).toBe('SØ');
    expect(initialsOf('anna')).toBe('A');
  });

  it('has a stand-in without a name, and keeps a letter outside the basic plane whole', () => {
    expect(initialsOf(null)).toBe('?');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf('𝒜da Lovelace')).toBe('𝒜L');
  });
});
