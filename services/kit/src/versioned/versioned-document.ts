import { sql } from 'kysely';
import type { TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import type { TDbOf } from '../db/schema-tables.ts';
import { ApiError, notFound } from '../errors/api-error.ts';

/**
 * A document a service keeps in numbered versions (docs/service-template.md "Versioned documents"): a
 * head row (the document: its owner, its name) and a versions table with at most one draft and any
 * number of published versions, each published version frozen (the service's migration adds the
 * trigger). Placements' contract templates and workflow definitions are two; a service's own rules
 * (who owns the head, what publishing checks, which event is recorded) stay in its use cases.
 *
 * The versions table has the columns of `TVersionRowBase`, a column naming its head (`parent`) and the
 * content columns (`content`, jsonb) a draft holds and a new draft copies.
 */

export type TVersionState = 'draft' | 'published';

/** The columns every versions table has. */
export interface TVersionRowBase {
  id: string;
  tenant_id: string;
  version: number;
  state: TVersionState;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  published_by: string | null;
  published_at: Date | null;
}

/** A document's newest published version and its draft (either may be missing). */
export interface TVersionsOf<TRow> {
  published: TRow | null;
  draft: TRow | null;
}

/** A version with the head it belongs to. */
export interface TVersionOf<THead, TRow> {
  head: THead;
  version: TRow;
}

export interface TVersionedDocumentSpec<TRow, TContentKey extends keyof TRow> {
  /** The service's schema, e.g. `placements`. */
  schema: string;
  /** The versions table inside it, e.g. `contract_template_versions`. */
  table: string;
  /** The column naming the version's head, e.g. `template_id`, and how to read it of a row. */
  parent: string;
  parentOf: (version: TRow) => string;
  /** The jsonb content columns. */
  content: readonly TContentKey[];
  /** The catalogue's codes: a published version changed (409), a second draft (409), nothing published (409). */
  errors: { published: TErrorCode; draftExists: TErrorCode; notPublished: TErrorCode };
}

/** What `insertDraft` writes besides the content. */
export interface TNewDraft {
  tenantId: string;
  parentId: string;
  version: number;
  by: string | null;
  now: Date;
}

/**
 * The storage and the rules of one versioned document, bound once by its repository:
 * `versionedDocument<TTemplateVersionRow, 'body_nl' | 'body_en'>({ schema, table, parent, content, errors })`.
 * Every function takes the caller's database or transaction first (RLS-bound, the use case's).
 */
export function versionedDocument<TRow extends TVersionRowBase, TContentKey extends keyof TRow & string>(
  spec: TVersionedDocumentSpec<TRow, TContentKey>,
) {
  type TContent = Pick<TRow, TContentKey>;
  // Raw SQL typed by the row the service names (`sql<TRow>`): the table is known only at run time.
  const table = sql.table(`${spec.schema}.${spec.table}`);
  const parent = sql.ref(spec.parent);
  /** jsonb values: sent as JSON text, cast in the statement. */
  const contentColumns = (content: TContent) =>
    spec.content.map((key) => ({ column: sql.ref(key), value: sql`${JSON.stringify(content[key])}::jsonb` }));
  const first = (rows: TRow[]): TRow => {
    if (!rows[0]) throw new Error(`${spec.table}: no draft matched`);
    return rows[0];
  };

  const find = async <DB>(db: TDbOf<DB>, id: string): Promise<TRow | undefined> =>
    (await sql<TRow>`select * from ${table} where id = ${id}`.execute(db)).rows[0];

  /** Per head: its newest published version and its draft. */
  const versionsOf = async <DB>(
    db: TDbOf<DB>,
    parentIds: readonly string[],
  ): Promise<Map<string, TVersionsOf<TRow>>> => {
    const out = new Map<string, TVersionsOf<TRow>>();
    for (const id of parentIds) out.set(id, { published: null, draft: null });
    if (parentIds.length === 0) return out;
    const { rows } = await sql<TRow>`
      select v.* from ${table} v
      where v.${parent} = any(${[...parentIds]})
        and (v.state = 'draft'
          or v.version = (select max(p.version) from ${table} p where p.${parent} = v.${parent} and p.state = 'published'))`.execute(
      db,
    );
    for (const version of rows) {
      const entry = out.get(spec.parentOf(version))!;
      if (version.state === 'draft') entry.draft = version;
      else entry.published = version;
    }
    return out;
  };

  const nextVersion = async <DB>(db: TDbOf<DB>, parentId: string): Promise<number> => {
    const { rows } = await sql<{ v: number | null }>`
      select max(version) as v from ${table} where ${parent} = ${parentId}`.execute(db);
    return Number(rows[0]?.v ?? 0) + 1;
  };

  /** A draft with the given number and content. */
  const insertDraft = async <DB>(db: TDbOf<DB>, draft: TNewDraft, content: TContent): Promise<TRow> => {
    const columns = contentColumns(content);
    return first(
      (
        await sql<TRow>`
          insert into ${table} (tenant_id, ${parent}, version, state, ${sql.join(columns.map((c) => c.column))},
            created_by, created_at, updated_at, published_by, published_at)
          values (${draft.tenantId}, ${draft.parentId}, ${draft.version}, 'draft', ${sql.join(columns.map((c) => c.value))},
            ${draft.by}, ${draft.now}, ${draft.now}, null, null)
          returning *`.execute(db)
      ).rows,
    );
  };

  /** Replaces a draft's content (a published version is never matched: the caller checked). */
  const saveDraft = async <DB>(db: TDbOf<DB>, id: string, content: TContent, now: Date): Promise<TRow> => {
    const set = sql.join(contentColumns(content).map((c) => sql`${c.column} = ${c.value}`));
    return first(
      (
        await sql<TRow>`
          update ${table} set ${set}, updated_at = ${now}
          where id = ${id} and state = 'draft' returning *`.execute(db)
      ).rows,
    );
  };

  /** The draft published: from now on it never changes. */
  const publish = async <DB>(db: TDbOf<DB>, id: string, by: string | null, now: Date): Promise<TRow> =>
    first(
      (
        await sql<TRow>`
          update ${table} set state = 'published', published_by = ${by}, published_at = ${now}, updated_at = ${now}
          where id = ${id} and state = 'draft' returning *`.execute(db)
      ).rows,
    );

  return {
    find,
    versionsOf,
    nextVersion,
    insertDraft,
    saveDraft,
    publish,

    /** 409 (`errors.published`) unless the version is a draft. */
    assertDraft(version: TRow): void {
      if (version.state !== 'draft') throw new ApiError(spec.errors.published);
    },

    /**
     * The version and its head, 404 for an unknown version or one whose head `ownHead` refuses. With
     * `lock`, `ownHead` locks the head (writers of one document serialize on it) and the version is read
     * again under that lock (a concurrent publication may have won).
     */
    async ownVersion<DB, THead>(
      db: TDbOf<DB>,
      id: string,
      ownHead: (parentId: string) => Promise<THead>,
      lock = false,
    ): Promise<TVersionOf<THead, TRow>> {
      const version = await find(db, id);
      if (!version) throw notFound();
      const head = await ownHead(spec.parentOf(version));
      return { head, version: lock ? ((await find(db, id)) ?? version) : version };
    },

    /**
     * A new draft copied from the newest published version, numbered after every version of the head
     * (409 `errors.draftExists` with a draft open, `errors.notPublished` with none published). The head
     * is the caller's to lock.
     */
    async newDraft<DB>(db: TDbOf<DB>, draft: Omit<TNewDraft, 'version'>): Promise<TRow> {
      const { published, draft: open } = (await versionsOf(db, [draft.parentId])).get(draft.parentId)!;
      if (open) throw new ApiError(spec.errors.draftExists);
      if (!published) throw new ApiError(spec.errors.notPublished);
      return insertDraft(db, { ...draft, version: await nextVersion(db, draft.parentId) }, published);
    },
  };
}

/** The attributes and relationships a head's resource shows of its versions (`type`: the version's type). */
export function versionLinks<TType extends string>(
  type: TType,
  { published, draft }: TVersionsOf<Pick<TVersionRowBase, 'id' | 'version' | 'published_at'>>,
) {
  return {
    attributes: {
      published_version: published?.version ?? null,
      published_version_id: published?.id ?? null,
      published_at: published?.published_at?.toISOString() ?? null,
      draft_version: draft?.version ?? null,
      draft_version_id: draft?.id ?? null,
    },
    relationships: {
      published_version: { data: published ? { type, id: published.id } : null },
      draft_version: { data: draft ? { type, id: draft.id } : null },
    },
  };
}
