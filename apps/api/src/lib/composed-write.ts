import type { SQL } from 'drizzle-orm';

/**
 * Rows a module writes inside another module's statement (decision 059, session 52): the owner of the table
 * builds the data-modifying CTEs (its SQL, its rendering, its values), and the caller composes them into its
 * own WITH, so the write costs no round trip of its own and commits or rolls back with the caller's.
 */
export interface ComposedWrite {
  /**
   * The CTEs (`<name> AS (…)`, comma-separated when more than one), named from `name` (unique in the caller's
   * statement); they write only when `when` holds (an SQL condition over the caller's other CTEs, e.g.
   * `EXISTS (SELECT 1 FROM moved)`).
   */
  ctes(name: string, when: SQL): SQL;
  /** told once the caller's statement has run (the write's own metrics); absent: nothing to tell */
  written?(): void;
}
