import { describe, expect, it } from 'vitest';
import { readCollectionDocument, readResourceDocument } from './jsonapi-document.ts';

const userDoc = {
  data: {
    type: 'user',
    id: 'u1',
    attributes: {
      first_name: 'Sam',
      periodic_mail_frequency: 'weekly',
      settings: { email_notifications: true },
    },
    relationships: {
      roles: { data: [{ type: 'role', id: 'r1' }], links: { related: '/roles' }, meta: { total_count: 1 } },
      organizations: { data: [{ type: 'organization', id: 'o1' }] },
      best_friend: { data: null },
    },
  },
  included: [
    {
      type: 'role',
      id: 'r1',
      attributes: { name: 'student', resource_type: 'School', resource_id: 'o1' },
      relationships: { user: { data: { type: 'user', id: 'u1' } } },
    },
  ],
  meta: { impersonator_id: null },
};

describe('readResourceDocument (spec §3)', () => {
  it('flattens attributes and resolves relationships from included', () => {
    const { data, meta } = readResourceDocument<{ firstName: string; roles: unknown[] }>(userDoc);
    expect(data).toMatchObject({
      id: 'u1',
      type: 'user',
      firstName: 'Sam',
      periodicMailFrequency: 'weekly',
      settings: { emailNotifications: true },
      roles: [{ id: 'r1', type: 'role', name: 'student', resourceType: 'School', resourceId: 'o1' }],
      // Not included: the identifier stays.
      organizations: [{ id: 'o1', type: 'organization' }],
      bestFriend: null,
    });
    expect(meta).toEqual({ impersonatorId: null });
  });

  it('keeps links and meta of relationships', () => {
    const { data } = readResourceDocument(userDoc);
    expect(data?.relationships?.roles).toEqual({
      data: [{ type: 'role', id: 'r1' }],
      links: { related: '/roles' },
      meta: { totalCount: 1 },
    });
  });

  it('never builds cycles (the role points back at the user)', () => {
    const { data } = readResourceDocument<{ roles: { user: unknown }[] }>(userDoc);
    expect(data!.roles[0]!.user).toEqual({ id: 'u1', type: 'user' });
    expect(() => JSON.stringify(data)).not.toThrow();
  });

  it('reads empty documents and rejects the wrong shape', () => {
    expect(readResourceDocument({ data: null }).data).toBeNull();
    expect(() => readResourceDocument({ data: [] })).toThrow();
    expect(() => readCollectionDocument({ data: userDoc.data })).toThrow();
  });
});

describe('readCollectionDocument', () => {
  it('flattens every resource and keeps top-level meta and links', () => {
    const doc = readCollectionDocument({
      data: [
        { type: 'menu', id: '1', attributes: { slug: 'main' } },
        { type: 'menu', id: '2', attributes: { slug: 'footer' } },
      ],
      meta: { total: 2 },
      links: { self: 'http://x/menus' },
    });
    expect(doc.data.map((m) => m.slug)).toEqual(['main', 'footer']);
    expect(doc.meta).toEqual({ total: 2 });
    expect(doc.links).toEqual({ self: 'http://x/menus' });
  });
});
