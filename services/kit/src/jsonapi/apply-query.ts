import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';

/** Escapes LIKE wildcards so `_cont` matches the text literally. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Applies parsed Ransack-style filters and sorting to a select. `columns` maps each wire attribute
 * to a column reference, so only declared attributes ever reach SQL.
 */
export function applyFiltersAndSort<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: TJsonApiQuery,
  columns: Record<string, string>,
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const f of query.filters) {
    const column = columns[f.attribute];
    if (!column) continue;
    const ref = sql.ref(column);
    let condition: Expression<SqlBool>;
    switch (f.predicate) {
      case 'eq':
        condition = sql<SqlBool>`${ref} = ${f.value}`;
        break;
      case 'not_eq':
        condition = sql<SqlBool>`${ref} is distinct from ${f.value}`;
        break;
      case 'in':
        condition = sql<SqlBool>`${ref} = any(${f.value as string[]})`;
        break;
      case 'cont':
        condition = sql<SqlBool>`${ref}::text ilike ${likeLiteral(String(f.value))}`;
        break;
      case 'gteq':
        condition = sql<SqlBool>`${ref} >= ${f.value}`;
        break;
      case 'lteq':
        condition = sql<SqlBool>`${ref} <= ${f.value}`;
        break;
      case 'null':
        condition = f.value ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} is not null`;
        break;
    }
    q = q.where(condition);
  }
  for (const s of query.sort) {
    const column = columns[s.attribute];
    if (column) q = q.orderBy(sql.ref(column), s.descending ? 'desc' : 'asc');
  }
  return q;
}

export function applyPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: TJsonApiQuery,
): SelectQueryBuilder<DB, TB, O> {
  return qb.limit(query.page.size).offset((query.page.number - 1) * query.page.size);
}
