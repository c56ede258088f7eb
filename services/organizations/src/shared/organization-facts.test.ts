import { describe, expect, it } from 'vitest';
import { OrganizationFactsMemo } from './organization-facts.ts';

const facts = (status: 'approved' | 'pending') => ({ id: 'o1', type: 'School' as const, status });

describe('OrganizationFactsMemo', () => {
  it('reuses a load within the TTL, per tenant, and reloads after it', async () => {
    let now = 0;
    const memo = new OrganizationFactsMemo(() => now);
    memo.ttlMs = 2000;
    let loads = 0;
    const load = async () => (loads++, facts('approved'));
    await memo.get('demo', 'o1', load);
    await memo.get('demo', 'o1', load);
    expect(loads).toBe(1);
    await memo.get('raayland', 'o1', load);
    expect(loads).toBe(2);
    now = 2001;
    await memo.get('demo', 'o1', load);
    expect(loads).toBe(3);
  });

  it('drops an entry when the organization changes, and never keeps a load that raced the change', async () => {
    const memo = new OrganizationFactsMemo(() => 0);
    memo.ttlMs = 2000;
    expect((await memo.get('demo', 'o1', async () => facts('pending')))?.status).toBe('pending');
    memo.forget('o1');
    expect((await memo.get('demo', 'o1', async () => facts('approved')))?.status).toBe('approved');
    // A load that started before a change finishes after it: its (old) answer is used once, not kept.
    const racing = memo.get('demo', 'o2', async () => {
      memo.forget('o2');
      return { ...facts('pending'), id: 'o2' };
    });
    expect((await racing)?.status).toBe('pending');
    expect((await memo.get('demo', 'o2', async () => ({ ...facts('approved'), id: 'o2' })))?.status).toBe(
      'approved',
    );
  });

  it('is off with a TTL of 0', async () => {
    const memo = new OrganizationFactsMemo(() => 0);
    let loads = 0;
    await memo.get('demo', 'o1', async () => (loads++, null));
    await memo.get('demo', 'o1', async () => (loads++, null));
    expect(loads).toBe(2);
  });
});
