// SQL is written once, as tagged templates; this module alone turns a query
// into a dialect's text and parameters, so placeholders (`?` in SQLite, `$n`
// in PostgreSQL) are decided in one place and values are never spliced in.

export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | bigint | Uint8Array | null;

export type Sql = {
  readonly strings: readonly string[];
  readonly values: readonly SqlValue[];
};

function isSql(value: unknown): value is Sql {
  return typeof value === 'object' && value !== null && 'strings' in value && 'values' in value;
}

/** Builds a query; interpolated `sql` fragments are spliced in, everything else becomes a parameter. */
export function sql(strings: TemplateStringsArray | readonly string[], ...values: readonly (SqlValue | Sql)[]): Sql {
  const outStrings: string[] = [strings[0]];
  const outValues: SqlValue[] = [];
  values.forEach((value, index) => {
    const next = strings[index + 1];
    if (isSql(value)) {
      outStrings[outStrings.length - 1] += value.strings[0];
      for (let i = 0; i < value.values.length; i++) {
        outValues.push(value.values[i]);
        outStrings.push(value.strings[i + 1]);
      }
      outStrings[outStrings.length - 1] += next;
    } else {
      outValues.push(value);
      outStrings.push(next);
    }
  });
  return { strings: outStrings, values: outValues };
}

/** The count a `SELECT COUNT(*) AS total` gave (pg gives it as text). */
export function totalOf(rows: readonly Record<string, unknown>[]): number {
  return Number((rows[0] as { total?: number | string } | undefined)?.total ?? 0);
}

/** A fragment of trusted text (DDL, a dialect's type name): never pass user input here. */
export function trusted(text: string): Sql {
  return { strings: [text], values: [] };
}

export function renderSql(query: Sql, dialect: Dialect): { readonly text: string; readonly params: SqlValue[] } {
  let text = query.strings[0];
  for (let i = 1; i < query.strings.length; i++) {
    text += (dialect === 'postgres' ? `$${i}` : '?') + query.strings[i];
  }
  return { text, params: [...query.values] };
}

/**
 * `column` contains `text`, ignoring case. The text stays a parameter, and its
 * own `%`, `_` and `\` match themselves rather than acting as wildcards.
 */
export function containsText(column: Sql, text: string): Sql {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`LOWER(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

/** The conditions joined by AND; none is always true. */
export function allOf(conditions: readonly Sql[]): Sql {
  return conditions.length === 0 ? sql`1 = 1` : conditions.reduce((all, next) => sql`${all} AND ${next}`);
}
