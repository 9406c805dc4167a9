// What both schemas (schema.sqlite.ts on SQLite, schema.pg.ts on PostgreSQL) share beyond column types:
// the CHECK that an enum-like text column holds one of its values, and the payout methods.
import { sql } from 'drizzle-orm';

export const PAYOUT_METHODS = ['bank', 'crypto', 'paypal'] as const;

/**
 * A CHECK that a text column holds one of the listed values (the enum-like columns). The column
 * is named bare, not table-qualified, so the constraint survives drizzle-kit's table rebuilds
 * (create `__new_x`, copy, rename). The same SQL holds on both dialects.
 */
export function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);
}
