import { describe, expect, it } from 'vitest';
import { readSelection, writeSelection } from './organization-selection.ts';

describe('remembered organization', () => {
  it('is only read back for the same user', () => {
    const raw = writeSelection({ userId: 'u1', organizationId: 'o2' });
    expect(readSelection(raw, 'u1')).toBe('o2');
    expect(readSelection(raw, 'u2')).toBeUndefined();
    expect(readSelection(raw, undefined)).toBeUndefined();
    expect(readSelection('{', 'u1')).toBeUndefined();
    expect(readSelection(null, 'u1')).toBeUndefined();
  });
});
