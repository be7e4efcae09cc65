import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { romeDay, wireInstant, wireTimestamp } from './wire-time';

const text = (q: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(q).sql;

describe('the wire timestamp', () => {
  it.each([
    ['seconds', '2026-11-29T06:27:09Z', `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`],
    ['milliseconds', '2026-11-29T06:27:09.123Z', `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`],
    ['microseconds', '2026-11-29T06:27:09.123000Z', `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`],
  ] as const)(
    'at %s precision reads %s in JavaScript and the same pattern in SQL',
    (precision, js, pattern) => {
      expect(wireInstant(new Date('2026-11-29T06:27:09.123Z'), precision)).toBe(js);
      expect(text(wireTimestamp('t.created_at', precision))).toBe(
        `to_char(t.created_at AT TIME ZONE 'UTC', ${pattern})`,
      );
    },
  );

  it('reads a Rome day in the shop time zone', () => {
    expect(text(romeDay('s.created_at'))).toBe(`(s.created_at AT TIME ZONE 'Europe/Rome')::date`);
  });
});
