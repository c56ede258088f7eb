import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { versionedDocument, versionLinks, type TVersionRowBase } from './versioned-document.ts';

/**
 * The helper's rules and the statements it sends, on a database stand-in that records each statement
 * and answers with the rows a test queues. What the statements do in PostgreSQL (the frozen trigger,
 * RLS, one draft per document) is tested through the documents that use it: placements' contract
 * templates (internship-contracts.int) and workflow definitions (phases.int).
 */

interface TDocVersion extends TVersionRowBase {
  doc_id: string;
  body: { text: string };
  tags: string[];
}

function standIn() {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const answers: unknown[][] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      sent.push({ sql: query.sql.replace(/\s+/g, ' ').trim(), parameters: query.parameters });
      return { rows: (answers.shift() ?? []) as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent, answer: (...rows: unknown[][]) => answers.push(...rows) };
}

const docs = versionedDocument<TDocVersion, 'body' | 'tags'>({
  schema: 'things',
  table: 'doc_versions',
  parent: 'doc_id',
  parentOf: (v) => v.doc_id,
  content: ['body', 'tags'],
  errors: {
    published: 'contract_template_version_published',
    draftExists: 'contract_template_draft_exists',
    notPublished: 'contract_template_not_published',
  },
});

const NOW = new Date('2027-02-01T09:00:00Z');
const version = (over: Partial<TDocVersion>): TDocVersion => ({
  id: 'v1',
  tenant_id: 't',
  doc_id: 'd1',
  version: 1,
  state: 'published',
  body: { text: 'hallo' },
  tags: ['a'],
  created_by: null,
  created_at: NOW,
  updated_at: NOW,
  published_by: null,
  published_at: NOW,
  ...over,
});

const codeOf = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
};

describe('versioned document', () => {
  it('groups the newest published version and the draft per document, asked in one statement', async () => {
    const { db, sent, answer } = standIn();
    answer([
      version({ id: 'p1', doc_id: 'd1', version: 2 }),
      version({ id: 'r1', doc_id: 'd1', version: 3, state: 'draft', published_at: null }),
      version({ id: 'p2', doc_id: 'd2', version: 1 }),
    ]);
    const got = await docs.versionsOf(db, ['d1', 'd2', 'd3']);
    expect(got.get('d1')).toMatchObject({ published: { id: 'p1' }, draft: { id: 'r1' } });
    expect(got.get('d2')).toMatchObject({ published: { id: 'p2' }, draft: null });
    expect(got.get('d3')).toEqual({ published: null, draft: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sql).toContain('from "things"."doc_versions" v where v."doc_id" = any($1)');
    expect(sent[0]!.sql).toContain(
      `select max(p.version) from "things"."doc_versions" p where p."doc_id" = v."doc_id" and p.state = 'published'`,
    );
    expect(sent[0]!.parameters).toEqual([['d1', 'd2', 'd3']]);
    // No document asked: no statement.
    expect((await docs.versionsOf(db, [])).size).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('writes a draft with its content as jsonb, under the document it names', async () => {
    const { db, sent, answer } = standIn();
    answer([version({ id: 'new', state: 'draft', published_at: null })]);
    const draft = await docs.insertDraft(
      db,
      { tenantId: 't', parentId: 'd1', version: 1, by: 'u1', now: NOW },
      { body: { text: 'x' }, tags: ['b', 'c'] },
    );
    expect(draft.id).toBe('new');
    expect(sent[0]!.sql).toBe(
      'insert into "things"."doc_versions" (tenant_id, "doc_id", version, state, "body", "tags", created_by, created_at, updated_at, published_by, published_at) ' +
        "values ($1, $2, $3, 'draft', $4::jsonb, $5::jsonb, $6, $7, $8, null, null) returning *",
    );
    expect(sent[0]!.parameters).toEqual(['t', 'd1', 1, '{"text":"x"}', '["b","c"]', 'u1', NOW, NOW]);
  });

  it('saves and publishes only a draft (the statement matches no published version)', async () => {
    const { db, sent, answer } = standIn();
    answer([version({ state: 'draft', published_at: null })], [version({})]);
    await docs.saveDraft(db, 'v1', { body: { text: 'y' }, tags: [] }, NOW);
    await docs.publish(db, 'v1', 'u1', NOW);
    expect(sent[0]!.sql).toBe(
      `update "things"."doc_versions" set "body" = $1::jsonb, "tags" = $2::jsonb, updated_at = $3 where id = $4 and state = 'draft' returning *`,
    );
    expect(sent[1]!.sql).toBe(
      `update "things"."doc_versions" set state = 'published', published_by = $1, published_at = $2, updated_at = $3 where id = $4 and state = 'draft' returning *`,
    );
    // Nothing matched (a published version): an error, never a silent success.
    await expect(docs.publish(db, 'v1', 'u1', NOW)).rejects.toThrow('doc_versions: no draft matched');
  });

  it('refuses to change a published version with its own code', () => {
    expect(() => docs.assertDraft(version({ state: 'published' }))).toThrow(ApiError);
    try {
      docs.assertDraft(version({ state: 'published' }));
    } catch (e) {
      expect((e as ApiError).code).toBe('contract_template_version_published');
      expect((e as ApiError).status).toBe(409);
    }
    expect(() => docs.assertDraft(version({ state: 'draft' }))).not.toThrow();
  });

  it('copies a new draft from the newest published version, numbered after every version', async () => {
    const { db, sent, answer } = standIn();
    answer(
      [version({ id: 'p', version: 4, body: { text: 'gepubliceerd' }, tags: ['z'] })],
      [{ v: 5 }],
      [version({ id: 'n', version: 6, state: 'draft', published_at: null })],
    );
    const draft = await docs.newDraft(db, { tenantId: 't', parentId: 'd1', by: 'u1', now: NOW });
    expect(draft.id).toBe('n');
    expect(sent[1]!.sql).toBe('select max(version) as v from "things"."doc_versions" where "doc_id" = $1');
    expect(sent[2]!.parameters).toEqual(['t', 'd1', 6, '{"text":"gepubliceerd"}', '["z"]', 'u1', NOW, NOW]);
  });

  it('refuses a second draft, and a draft of a document never published, with their codes', async () => {
    const open = standIn();
    open.answer([version({}), version({ id: 'r', state: 'draft', published_at: null })]);
    expect(await codeOf(docs.newDraft(open.db, { tenantId: 't', parentId: 'd1', by: null, now: NOW }))).toBe(
      'contract_template_draft_exists',
    );
    const none = standIn();
    none.answer([]);
    expect(await codeOf(docs.newDraft(none.db, { tenantId: 't', parentId: 'd1', by: null, now: NOW }))).toBe(
      'contract_template_not_published',
    );
    // Nothing written by either.
    expect([...open.sent, ...none.sent].filter((q) => !q.sql.startsWith('select'))).toEqual([]);
  });

  it('finds a version with its head, 404 when either is unknown, and reads it again under the lock', async () => {
    const { db, sent, answer } = standIn();
    const heads: string[] = [];
    const ownHead = async (id: string) => (heads.push(id), { id });
    answer([version({ id: 'v1', doc_id: 'd9' })]);
    expect(await docs.ownVersion(db, 'v1', ownHead)).toMatchObject({
      head: { id: 'd9' },
      version: { id: 'v1' },
    });
    expect(heads).toEqual(['d9']);
    expect(sent).toHaveLength(1);

    answer([version({ state: 'draft', published_at: null })], [version({ state: 'published' })]);
    const locked = await docs.ownVersion(db, 'v1', ownHead, true);
    expect(locked.version.state).toBe('published');
    expect(sent).toHaveLength(3);

    answer([]);
    expect(await codeOf(docs.ownVersion(db, 'nope', ownHead))).toBe('not_found');
  });

  it('links a head to its published version and its draft', () => {
    const published = version({ id: 'p', version: 2 });
    const draft = version({ id: 'd', version: 3, state: 'draft', published_at: null });
    expect(versionLinks('doc_version', { published, draft })).toEqual({
      attributes: {
        published_version: 2,
        published_version_id: 'p',
        published_at: NOW.toISOString(),
        draft_version: 3,
        draft_version_id: 'd',
      },
      relationships: {
        published_version: { data: { type: 'doc_version', id: 'p' } },
        draft_version: { data: { type: 'doc_version', id: 'd' } },
      },
    });
    expect(versionLinks('doc_version', { published: null, draft: null })).toEqual({
      attributes: {
        published_version: null,
        published_version_id: null,
        published_at: null,
        draft_version: null,
        draft_version_id: null,
      },
      relationships: { published_version: { data: null }, draft_version: { data: null } },
    });
  });
});
