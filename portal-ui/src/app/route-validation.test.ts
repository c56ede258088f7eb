import { describe, expect, it } from 'vitest';
import { errorScreenFor, fatalNotFoundMessage } from '@stageplein/contracts/errors/error-catalogue';
import { FatalNotFoundError, isIdParam, validateRouteParams } from './route-validation.ts';

describe('route validation (spec §2)', () => {
  it('accepts UUIDs and positive integers as ids', () => {
    expect(validateRouteParams({ id: '42' })).toBe(true);
    expect(validateRouteParams({ id: '5b0c7f38-3f7e-4a55-9a43-8f6f2d1c9e21', signerId: '7' })).toBe(true);
    expect(validateRouteParams({ slug: 'over-ons' })).toBe(true);
    expect(validateRouteParams({})).toBe(true);
  });

  it('rejects anything else', () => {
    expect(validateRouteParams({ id: 'abc' })).toBe(false);
    expect(validateRouteParams({ id: '0' })).toBe(false);
    expect(validateRouteParams({ internshipPeriodId: '1', internshipId: '1; drop' })).toBe(false);
    expect(validateRouteParams({ token: 'a b' })).toBe(false);
    expect(validateRouteParams({ token: 'abc_DEF-123' })).toBe(true);
  });

  it('knows id parameters by name', () => {
    expect(['id', 'signerId', 'phaseId', 'submissionId'].every(isIdParam)).toBe(true);
    expect(isIdParam('slug')).toBe(false);
  });

  it('fails with a fatal "Page Not Found" plus the path, shown as the 404 screen', () => {
    const error = new FatalNotFoundError('/vacancies/abc');
    expect(error.message).toBe('Page Not Found: /vacancies/abc');
    expect(error.message).toBe(fatalNotFoundMessage('/vacancies/abc'));
    expect(error.fatal).toBe(true);
    expect(errorScreenFor(error.status, error.message).kind).toBe('notFound');
  });
});
