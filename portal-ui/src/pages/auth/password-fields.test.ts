import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH as MAX, PASSWORD_MIN_LENGTH as MIN } from '@stageplein/contracts/identity/users';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-fields.ts';

describe('password bounds', () => {
  it('match the identity contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(MAX);
  });
});
