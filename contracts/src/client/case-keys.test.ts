import { describe, expect, it } from 'vitest';
import { camelCase, snakeCase, toCamelKeys, toSnakeKeys } from './case-keys.ts';

describe('key case (spec §7: snake_case out, camelCase in)', () => {
  it('converts single keys both ways', () => {
    expect(snakeCase('passwordConfirmation')).toBe('password_confirmation');
    expect(snakeCase('resetPasswordToken')).toBe('reset_password_token');
    expect(snakeCase('organizationIdEq')).toBe('organization_id_eq');
    expect(snakeCase('already_snake')).toBe('already_snake');
    expect(snakeCase('HTMLUrl')).toBe('html_url');
    expect(camelCase('reset_password_token')).toBe('resetPasswordToken');
    expect(camelCase('html_url')).toBe('htmlUrl');
    expect(camelCase('access-token')).toBe('accessToken');
    expect(camelCase('alreadyCamel')).toBe('alreadyCamel');
    expect(camelCase('step_form_2')).toBe('stepForm2');
  });

  it('converts nested plain objects and arrays, never values', () => {
    const wire = { user: { first_name: 'Sam', roles: [{ resource_id: 'x', name: 'student_admin' }] } };
    const read = toCamelKeys(wire);
    expect(read).toEqual({ user: { firstName: 'Sam', roles: [{ resourceId: 'x', name: 'student_admin' }] } });
    expect(toSnakeKeys(read)).toEqual(wire);
  });

  it('keeps Dates, class instances and primitives as they are', () => {
    const date = new Date(0);
    class Thing {
      someKey = 1;
    }
    const thing = new Thing();
    const out = toSnakeKeys<{ created_at: Date; the_thing: Thing }>({ createdAt: date, theThing: thing });
    expect(out.created_at).toBe(date);
    expect(out.the_thing).toBe(thing);
    expect(toCamelKeys(null)).toBeNull();
    expect(toCamelKeys('a_b')).toBe('a_b');
    expect(toCamelKeys([1, 'x'])).toEqual([1, 'x']);
  });
});
