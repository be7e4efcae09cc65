import pg from 'pg';

/**
 * How the pool's statements read their values: drizzle's node-postgres rules (each of its prepared queries
 * hands pg these): dates, timestamps and intervals, their arrays and numeric arrays as PostgreSQL's text, every
 * other type by pg's own parsers. One object for every statement of the pool, so that a statement's parsers
 * follow from its columns' types alone (`described-statements.test.ts` holds it to drizzle's).
 */
const KEPT_AS_TEXT = new Set([
  1082, // date
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string): string => value;
export const POOL_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    KEPT_AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format),
};

/** A named statement's columns as PostgreSQL described them on a connection, and their parsers. */
export interface Description {
  fields: unknown[];
  parsers: unknown[] | undefined;
  emptyRow: object | null;
}

/** The parts of pg's connection and of its Query and Result that a run uses (pg 8.23: lib/query.js, result.js). */
interface PgConnection {
  parsedStatements: Record<string, string | undefined>;
  bind(config: object): void;
  sync(): void;
}
interface PgResult {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
  _types: unknown;
  rowAsArray: boolean;
  parseRow: unknown;
  _parseRowAsArray: unknown;
}
interface PgQuery {
  name: string | undefined;
  text: string;
  values: unknown[] | undefined;
  types: unknown;
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  callback: ((err: Error | null, result?: unknown) => void) | undefined;
  _rowMode: string | undefined;
  _result: PgResult;
  _accumulateRows: boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: unknown): void;
  handleError(err: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
}
const Query = pg.Query as unknown as new (text: string, values: unknown[]) => PgQuery;
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

/**
 * One run of a named statement on a pool's connection. The first run on a connection goes as pg sends it
 * (Parse when not yet parsed, Bind, Describe, Execute, Sync) and keeps PostgreSQL's description of the
 * columns with their parsers in `described` (the connection's); the next runs send Bind, Execute, Sync and read
 * the rows with the kept parsers: PostgreSQL does not describe the columns again, pg does not parse the
 * description nor build a parser per column again. A named statement's columns cannot change while it is
 * prepared (PostgreSQL refuses a plan whose result type changed), and its parsers follow from the columns'
 * types alone (every run reads with `POOL_TYPES`).
 *
 * Built from the text (pg copies a config object property by property; a text it takes as it is).
 */
export class NamedStatementRun extends Query {
  constructor(
    text: string,
    name: string,
    values: unknown[],
    rowMode: unknown,
    private readonly described: Map<string, Description>,
  ) {
    super(text, values);
    this.name = name;
    this.types = POOL_TYPES;
    const result = this._result;
    result._types = POOL_TYPES;
    if (rowMode === 'array') {
      this._rowMode = 'array';
      result.rowAsArray = true;
      result.parseRow = result._parseRowAsArray;
    }
  }

  override prepare(connection: PgConnection): void {
    const name = this.name as string;
    const known = this.described.get(name);
    if (known === undefined || connection.parsedStatements[name] === undefined) {
      super.prepare(connection);
      return;
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      // a value pg cannot write: nothing of this run was sent, the prepared statement stays
      connection.sync();
      this.handleError(err, connection);
      return;
    }
    const result = this._result;
    result.fields = known.fields;
    result._parsers = known.parsers;
    result._prebuiltEmptyResultObject = known.emptyRow;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  /** Only a run that sent Describe gets the description (a run that did not reads with the kept one). */
  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const result = this._result;
    this.described.set(this.name as string, {
      fields: result.fields,
      parsers: result._parsers,
      emptyRow: result._prebuiltEmptyResultObject,
    });
  }
}
