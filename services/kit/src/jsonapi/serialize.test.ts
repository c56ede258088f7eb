import { describe, expect, it } from 'vitest';
import { collectionDocument, pageLinks, resource, resourceDocument, toSnakeKeys } from './serialize.ts';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';

describe('JSON:API serialization', () => {
  it('snake_cases keys deeply and applies sparse fieldsets', () => {
    expect(toSnakeKeys({ firstName: 'A', nested: [{ startDate: 1 }] })).toEqual({
      first_name: 'A',
      nested: [{ start_date: 1 }],
    });
    expect(resource('user', 1, { firstName: 'A', email: 'a@x' }, undefined, ['email'])).toEqual({
      type: 'user',
      id: '1',
      attributes: { email: 'a@x' },
    });
  });

  it('builds compound documents with each included resource once', () => {
    const org = resource('organization', 9, { name: 'X' });
    const users = [1, 2].map((id) =>
      resource(
        'user',
        id,
        { firstName: `U${id}` },
        { organizations: { data: [{ type: 'organization', id: '9' }] } },
      ),
    );
    const doc = collectionDocument(users, { included: [org, org], total: 2 });
    expect(doc.included).toHaveLength(1);
    expect(doc.meta).toEqual({ total: 2 });
    expectJsonApi(doc);
    expectJsonApi(resourceDocument(users[0]!, { included: [org] }));
    expectJsonApi(resourceDocument(null));
  });

  it('paginates with first/last/prev/next links', () => {
    const query = {
      include: [],
      fields: {},
      sort: [],
      filters: [],
      scopes: {},
      page: { number: 2, size: 10 },
    };
    const links = pageLinks(
      'http://demo.localhost:3000/api/v1/users?filter%5Bname_cont%5D=a&page%5Bnumber%5D=2',
      query,
      35,
    );
    expect(links.prev).toContain('page%5Bnumber%5D=1');
    expect(links.next).toContain('page%5Bnumber%5D=3');
    expect(links.last).toContain('page%5Bnumber%5D=4');
    expect(links.self).toContain('filter%5Bname_cont%5D=a');
    expectJsonApi({ data: [], links });
  });
});
