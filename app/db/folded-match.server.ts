import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { keyboardFolds } from "~/i18n/fold";

/** `column` as `foldKeyboard` (`~/i18n/fold`) folds text, in SQL (SQLite's `lower` lowers ASCII letters). */
export function keyboardFolded(column: SQLWrapper): SQL {
  let folded = sql`${column}`;
  for (const [from, to] of keyboardFolds) folded = sql`replace(${folded}, ${from}, ${to})`;
  return sql`lower(${folded})`;
}

/** `column` contains `q` (taken as written: `%`, `_` and `\` match themselves). */
export function containsText(column: SQLWrapper, q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}
