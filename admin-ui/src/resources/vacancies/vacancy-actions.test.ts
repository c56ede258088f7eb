import { describe, expect, it } from 'vitest';
import { adminPermissions } from '../../providers/access.ts';
import { vacancyActionsFor } from './vacancy-actions.ts';

const org = (id: string, type: string) => ({ id, type, status: 'approved', name: id, roles: [] });
const admin = (id: string, type: string) =>
  adminPermissions(
    { id: 'u', roles: [{ name: 'admin', resourceType: type, resourceId: id }] },
    org(id, type),
  );

describe('vacancyActionsFor', () => {
  it('lists the buttons of a record in the API’s order', () => {
    const own = { id: 'v', organizationId: 'p', status: 'published', hidden: false };
    expect(vacancyActionsFor(admin('p', 'Provider'), own)).toEqual(['close', 'archive']);
    expect(vacancyActionsFor(admin('s', 'School'), own)).toEqual(['hide']);
    expect(vacancyActionsFor(admin('s', 'School'), { ...own, hidden: true })).toEqual(['unhide']);
  });

  it('offers nothing without a record or a session', () => {
    expect(vacancyActionsFor(admin('p', 'Provider'), undefined)).toEqual([]);
    expect(
      vacancyActionsFor(undefined, { id: 'v', organizationId: 'p', status: 'draft', hidden: false }),
    ).toEqual([]);
  });
});
