import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TFilter, TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';

/** Escapes LIKE wildcards so `_cont` matches the text literally. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL condition of one parsed filter on a column reference (declared attributes only reach here). */
export function filterCondition(f: TFilter, column: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  switch (f.predicate) {
    case 'eq':
      return sql<SqlBool>`${ref} = ${f.value}`;
    case 'not_eq':
      return sql<SqlBool>`${ref} is distinct from ${f.value}`;
    case 'in':
      return sql<SqlBool>`${ref} = any(${f.value as string[]})`;
    case 'cont':
      return sql<SqlBool>`${ref}::text ilike ${likeLiteral(String(f.value))}`;
    case 'gteq':
      return sql<SqlBool>`${ref} >= ${f.value}`;
    case 'lteq':
      return sql<SqlBool>`${ref} <= ${f.value}`;
    case 'null':
      return f.value ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} is not null`;
  }
}

/**
 * The conditions of a query's filters, for statements written as `sql` templates (cheaper to build
 * than the query builder on hot paths). `columns` maps each wire attribute to a column reference.
 */
export function filterConditions(
  query: TJsonApiQuery,
  columns: Record<string, string>,
): Expression<SqlBool>[] {
  return query.filters.flatMap((f) =>
    columns[f.attribute] ? [filterCondition(f, columns[f.attribute]!)] : [],
  );
}

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
  for (const condition of filterConditions(query, columns)) q = q.where(condition);
  for (const s of query.sort) {
    const column = columns[s.attribute];
    if (column) q = q.orderBy(sql.ref(column), s.descending ? 'desc' : 'asc');
  }
  return q;
}

/** Limits a select to the query's page (only its `page` is read, so a use case's own page fits too). */
export function applyPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<TJsonApiQuery, 'page'>,
): SelectQueryBuilder<DB, TB, O> {
  return qb.limit(query.page.size).offset((query.page.number - 1) * query.page.size);
}
