import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { addDays } from '@spesa/shared/time/rome';
import { WINDOW_CANDIDATES, windowCandidatesSql, type KindedSlotRow } from './delivery-parts';
import { SLOT_JSON_COLUMNS } from './timeslot.repository';

/**
 * The slot window's candidates read per template by index (decision 059, session 50) are the ones the query of
 * session 44 read by joining every slot of the window to every template of the kind (`windowBefore`, kept here
 * as the reference): the same rows in the same order, for templates with short and long lead times, cut-offs of
 * the day before at and around midnight, times that are not HH:MM, full, closed and missing slots, lock days,
 * several calendars and kinds, and wall-clock times every few minutes across day boundaries.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`INSERT INTO timeslots (timeslot_id, calendar_kind, begin_time, end_time,
      delivery_day_period_id, capacity, week_days, lead_minutes, cutoff_prev_day)
    SELECT * FROM json_to_recordset(${JSON.stringify(TEMPLATES)}::json) AS x(timeslot_id int, calendar_kind text,
      begin_time text, end_time text, delivery_day_period_id smallint, capacity int, week_days int[],
      lead_minutes int, cutoff_prev_day text)`);
  // every template's days in each calendar (qa1 also holds slots of the other kind's templates); qa2 misses
  // some days, qa3 holds every other day of the long lead times, cut-offs and times that are not HH:MM only;
  // slots are full or closed by their id
  await t.db
    .execute(sql`INSERT INTO delivery_slots (calendar, slot_date, timeslot_id, capacity, booked, active)
    SELECT c.calendar, d.day, x.timeslot_id, x.capacity, 0, 1
    FROM timeslots x
    CROSS JOIN generate_series(date '2026-12-26', date '2027-01-28', interval '1 day') AS d(day)
    CROSS JOIN (VALUES ('qa1'), ('qa2'), ('qa3'), ('qb1')) AS c(calendar)
    WHERE x.timeslot_id >= 9000 AND EXTRACT(ISODOW FROM d.day)::int = ANY (x.week_days)
      AND (c.calendar <> 'qa2' OR (EXTRACT(DAY FROM d.day)::int % 5 <> 3 AND x.calendar_kind = 'qa'))
      AND (c.calendar <> 'qa3' OR (EXTRACT(DAY FROM d.day)::int % 2 = 0 AND x.timeslot_id IN (9004, 9005, 9007, 9010, 9011)))
      AND (c.calendar <> 'qb1' OR x.calendar_kind = 'qb')`);
  await t.db.execute(sql`UPDATE delivery_slots SET booked = capacity
    WHERE calendar LIKE 'q__' AND (slot_id % 7 = 0 OR (calendar = 'qa2' AND slot_id % 3 = 0))`);
  await t.db.execute(sql`UPDATE delivery_slots SET active = CASE WHEN slot_id % 2 = 0 THEN 0 ELSE -1 END
    WHERE calendar LIKE 'q__' AND slot_id % 11 = 0`);
  await t.db.execute(
    sql`UPDATE delivery_slots SET active = 2 WHERE calendar LIKE 'q__' AND slot_id % 13 = 0`,
  );
});
afterAll(async () => {
  await t.close();
});

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS = [1, 2, 3, 4, 5];
/** [begin, lead minutes, cut-off of the day before, week days] of each template of kind qa, then qb */
const QA: [string, number, string | null, number[]][] = [
  ['00:00', 0, null, EVERY_DAY],
  ['06:30', 45, '21:00', WEEKDAYS],
  ['09:07', 7, null, EVERY_DAY],
  ['12:00', 180, '23:59', [1, 3, 5, 6]],
  ['12:00', 1500, '00:00', EVERY_DAY], // the same start as the one before: ordered by template
  ['18:00', 30, '9:00', EVERY_DAY], // a cut-off that is not HH:MM: no cut-off
  ['dawn', 60, '20:00', EVERY_DAY], // a start that is not HH:MM: the cut-off only
  ['24:00', 0, null, [2, 4, 6]],
  ['23:30', 120, '', EVERY_DAY],
  ['07:30', 2880, '25:00', EVERY_DAY],
  ['19:59', 601, '00:01', [6, 7]],
];
const QB: [string, number, string | null, number[]][] = [
  ['10:00', 60, '18:00', WEEKDAYS],
  ['15:00', 0, null, EVERY_DAY],
  ['noon', 0, null, EVERY_DAY],
];
const TEMPLATES = [
  ...QA.map((x, i) => ({ kind: 'qa', id: 9001 + i, x })),
  ...QB.map((x, i) => ({ kind: 'qb', id: 9101 + i, x })),
].map(({ kind, id, x: [begin, lead, cutoff, days] }) => ({
  timeslot_id: id,
  calendar_kind: kind,
  begin_time: begin,
  end_time: '23:59',
  delivery_day_period_id: 1,
  capacity: 3,
  week_days: `{${days.join(',')}}`,
  lead_minutes: lead,
  cutoff_prev_day: cutoff,
}));

/** Session 44's window: every slot of the window joined to the kind's templates, the conditions per pair. */
function windowBefore(window: { from: SQL; to: SQL; openAfter: SQL; lockDays: SQL }): SQL {
  const openAfter = sql`${window.openAfter}::timestamp`;
  const timeOfDay = sql.raw(`'^([01][0-9]|2[0-3]):[0-5][0-9]$'`);
  return sql`SELECT ${SLOT_JSON_COLUMNS}, t.calendar_kind AS "calendarKind"
    FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
    WHERE s.calendar = k.calendar AND t.calendar_kind = k.kind
      AND s.slot_date BETWEEN ${window.from}::date AND ${window.to}::date
      AND s.active >= 1 AND s.booked < s.capacity
      AND s.slot_date <> ALL (${window.lockDays}::date[])
      AND CASE WHEN t.begin_time ~ ${timeOfDay}
        THEN s.slot_date + t.begin_time::time - t.lead_minutes * interval '1 minute' >= ${openAfter} ELSE true END
      AND CASE WHEN t.cutoff_prev_day ~ ${timeOfDay}
        THEN s.slot_date - 1 + t.cutoff_prev_day::time >= ${openAfter} ELSE true END
    ORDER BY s.slot_date, t.begin_time, s.timeslot_id LIMIT ${sql.raw(String(WINDOW_CANDIDATES))}`;
}

interface Ask {
  i: number;
  calendar: string;
  kind: string;
  from: string;
  to: string;
  openAfter: string;
  lockDays: string;
}

const LOCK_DAYS = ['{}', '{2027-01-06}', '{2027-01-01,2027-01-06}', '{2027-01-05,2027-01-06,2027-01-07}'];

/** A wall-clock time `minutes` after 2026-12-30 00:00 (YYYY-MM-DD HH:MM), as `windowAsk` writes it. */
function wallClock(minutes: number): string {
  const iso = new Date(Date.UTC(2026, 11, 30) + minutes * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * The asks of a calendar: every 10 minutes for 9 days, and every minute for the two hours around each midnight;
 * the window from the day two hours later (as `windowAsk`), or a day or two off, for 7 days or 3.
 */
function asks(calendar: string, kind: string): Ask[] {
  const minutes = new Set<number>();
  for (let m = 0; m < 9 * 1440; m += 10) minutes.add(m);
  for (let d = 1; d < 9; d++) for (let m = -60; m <= 60; m++) minutes.add(d * 1440 + m);
  return [...minutes].map((m, i) => {
    const from = addDays(wallClock(m + 120).slice(0, 10), i % 7 === 0 ? (i % 5) - 2 : 0);
    return {
      i,
      calendar,
      kind,
      from,
      to: addDays(from, i % 4 === 0 ? 2 : 6),
      openAfter: wallClock(m),
      lockDays: LOCK_DAYS[i % LOCK_DAYS.length] as string,
    };
  });
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as KindedSlotRow[];

/** Both windows of every ask, in one statement. */
async function windows(list: readonly Ask[]) {
  const window = {
    from: sql`a.from`,
    to: sql`a.to`,
    openAfter: sql`a.open_after`,
    lockDays: sql`a.lock_days`,
  };
  const agg = (body: SQL) =>
    sql`(SELECT COALESCE(json_agg(x ORDER BY x."slotDate", x."beginTime", x."timeslotId"), '[]'::json)
      FROM (${body}) x)`;
  return queryRows<{ i: number; before: KindedSlotRow[]; after: KindedSlotRow[] }>(
    t.db,
    sql`SELECT a.i, ${agg(windowBefore(window))} AS before, ${agg(windowCandidatesSql(window))} AS after
      FROM json_to_recordset(${JSON.stringify(list.map((a) => ({ ...a, open_after: a.openAfter, lock_days: a.lockDays })))}::json)
        AS a(i int, calendar text, kind text, "from" text, "to" text, open_after text, lock_days text)
      CROSS JOIN LATERAL (SELECT a.calendar, a.kind) k
      ORDER BY a.i`,
  );
}

describe('the slot window read per template equals the window read by joining every slot to every template', () => {
  it.each([
    ['qa1', 'qa'],
    ['qa2', 'qa'],
    ['qa3', 'qa'],
    ['qb1', 'qb'],
    ['qa1', 'qb'], // a calendar holding no slot of that kind
    ['qz9', 'qa'], // a calendar without slots
  ])('calendar %s, kind %s', async (calendar, kind) => {
    const list = asks(calendar, kind);
    const rows = await windows(list);
    expect(rows).toHaveLength(list.length);
    const sizes = new Map<number, number>();
    for (const row of rows) {
      const [before, after] = [parse(row.before), parse(row.after)];
      const ask = list[row.i] as Ask;
      expect(
        after,
        `${calendar}/${kind} at ${ask.openAfter}, ${ask.from}..${ask.to} ${ask.lockDays}`,
      ).toEqual(before);
      sizes.set(before.length, (sizes.get(before.length) ?? 0) + 1);
    }
    const short = [1, 2, 3, 4].reduce((n, size) => n + (sizes.get(size) ?? 0), 0);
    if (calendar === 'qz9') {
      expect([...sizes.keys()]).toEqual([0]);
    } else if (calendar === 'qa3') {
      // sparse slots: empty and short windows, the bounds of each template decide
      expect(sizes.get(0)).toBeGreaterThan(20);
      expect(short).toBeGreaterThan(300);
    } else {
      expect(sizes.get(WINDOW_CANDIDATES)).toBeGreaterThan(1000);
      expect(short).toBeGreaterThan(0);
    }
  });

  it('the templates whose times are not HH:MM are among the candidates', async () => {
    const rows = await windows(asks('qa1', 'qa'));
    const begins = new Set(rows.flatMap((r) => parse(r.after).map((s) => s.beginTime)));
    expect(begins).toContain('dawn');
    expect(begins).toContain('24:00');
  });
});
