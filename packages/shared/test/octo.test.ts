import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CustomerTypeId } from '../src/ids.ts';
import { dateClosure, EVERY_WEEKDAY, FEW_SEATS } from '../src/rules/availability.ts';
import {
  type BookingStatusFacts,
  bookingStatus,
  cancellers,
  isCancelled,
} from '../src/rules/booking-status.ts';
import {
  type ChangePolicy,
  daysBefore,
  keepPercentAt,
  SPEC_POLICIES,
} from '../src/rules/changes.ts';
import {
  cuscoDateTime,
  OCTO_HOLD_DEFAULT_MINUTES,
  OCTO_HOLD_MAX_MINUTES,
  OCTO_MAX_AGE,
  OCTO_UNITS,
  type OctoAvailabilityStatus,
  octoAvailabilityId,
  octoAvailabilityStatus,
  octoBookingStatus,
  octoCancellable,
  octoCancellationCutoffDays,
  octoCutoffAt,
  octoDepartureSpan,
  octoHoldMinutes,
  octoNetCents,
  octoOptionId,
  octoRefund,
  octoUnit,
  parseOctoAvailabilityId,
  parseOctoOptionId,
  splitFullName,
} from '../src/rules/octo.ts';

/** OCTO's mapping rules (issue 31, ADR 0050): each as its doc comment states it. */

const TYPE = '3f2a9c10-7b4d-4e8a-9f01-23456789abcd';
const CATEGORY = 'b0e1d2c3-a4f5-4607-8899-aabbccddeeff';

/** A calendar day, YYYY-MM-DD, between 1970 and 2100. */
const day = fc
  .date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

/** A string with the character at `index` dropped, replaced by `by`, or `by` inserted there. */
const edit = (text: string, index: number, kind: 'drop' | 'replace' | 'insert', by: string) =>
  kind === 'drop'
    ? text.slice(0, index) + text.slice(index + 1)
    : kind === 'replace'
      ? text.slice(0, index) + by + text.slice(index + 1)
      : text.slice(0, index) + by + text.slice(index);

const edits = (length: number) =>
  fc.record({
    index: fc.nat({ max: length }),
    kind: fc.constantFrom('drop' as const, 'replace' as const, 'insert' as const),
    by: fc.constantFrom(...'0189afgA-~:/`+ Z\n\u00e9'),
  });

describe('OCTO units', () => {
  it("are the site's customer types, in its order, with spec §9's ages", () => {
    expect(OCTO_UNITS).toEqual([
      { id: 'adult', customerTypeId: CustomerTypeId.adult, type: 'ADULT', minAge: 17, maxAge: 99 },
      {
        id: 'student',
        customerTypeId: CustomerTypeId.student,
        type: 'STUDENT',
        minAge: 8,
        maxAge: 25,
      },
      { id: 'child', customerTypeId: CustomerTypeId.child, type: 'CHILD', minAge: 3, maxAge: 7 },
      { id: 'baby', customerTypeId: CustomerTypeId.baby, type: 'INFANT', minAge: 0, maxAge: 2 },
    ]);
    expect(OCTO_MAX_AGE).toBe(99);
  });

  it('finds a unit by its id, and nothing for another id', () => {
    for (const unit of OCTO_UNITS) expect(octoUnit(unit.id)).toBe(unit);
    expect(octoUnit('infant')).toBeUndefined();
    expect(octoUnit('ADULT')).toBeUndefined();
    expect(octoUnit(CustomerTypeId.adult)).toBeUndefined();
    expect(octoUnit('')).toBeUndefined();
  });
});

describe('OCTO option ids', () => {
  it("join the tour type's id and the category's id", () => {
    expect(octoOptionId(TYPE, CATEGORY)).toBe(`${TYPE}~${CATEGORY}`);
    expect(parseOctoOptionId(`${TYPE}~${CATEGORY}`)).toEqual({
      typeId: TYPE,
      categoryId: CATEGORY,
    });
  });

  it('read every hexadecimal digit, at both ends of both ranges', () => {
    for (const digit of '09af') {
      const id = `${digit.repeat(8)}-${digit.repeat(4)}-${digit.repeat(4)}-${digit.repeat(4)}-${digit.repeat(12)}`;
      expect(parseOctoOptionId(`${id}~${CATEGORY}`)).toEqual({ typeId: id, categoryId: CATEGORY });
      expect(parseOctoOptionId(`${TYPE}~${id}`)).toEqual({ typeId: TYPE, categoryId: id });
    }
  });

  it.each([
    ['nothing', ''],
    ['one id', TYPE],
    ['one id and the joint', `${TYPE}~`],
    ['the joint first', `~${TYPE}`],
    ['three ids', `${TYPE}~${CATEGORY}~${CATEGORY}`],
    ['another joint', `${TYPE}_${CATEGORY}`],
    ['a bad first id', `${TYPE.slice(1)}~${CATEGORY}`],
    ['a bad second id', `${TYPE}~${CATEGORY.slice(1)}`],
    ['text before', `x${TYPE}~${CATEGORY}`],
    ['text after', `${TYPE}~${CATEGORY}x`],
    ['a space after', `${TYPE}~${CATEGORY} `],
    ['a line after', `${TYPE}~${CATEGORY}\n`],
    ['capitals', `${TYPE.toUpperCase()}~${CATEGORY}`],
    ['a g', `${TYPE}~${CATEGORY.replace('a', 'g')}`],
    ['a slash (below 0)', `${TYPE}~${CATEGORY.replace('0', '/')}`],
    ['a colon (above 9)', `${TYPE}~${CATEGORY.replace('0', ':')}`],
    ['a backtick (below a)', `${TYPE}~${CATEGORY.replace('a', '`')}`],
    ['no hyphens', `${TYPE.replaceAll('-', '')}~${CATEGORY}`],
    ...[0, 1, 2, 3, 4].flatMap((group) =>
      (['more', 'fewer'] as const).map((change): [string, string] => {
        const groups = CATEGORY.split('-');
        const digits = groups[group] as string;
        groups[group] = change === 'more' ? `${digits}0` : digits.slice(1);
        return [`one digit ${change} in group ${group + 1}`, `${TYPE}~${groups.join('-')}`];
      }),
    ),
  ])('refuse %s', (_, id) => {
    expect(parseOctoOptionId(id)).toBeNull();
  });

  it('property: any two ids come back from their option id', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (typeId, categoryId) => {
        expect(parseOctoOptionId(octoOptionId(typeId, categoryId))).toEqual({
          typeId,
          categoryId,
        });
      }),
    );
  });

  it('property: an option id with one character dropped, added or changed is refused', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), edits(73), (typeId, categoryId, { index, kind, by }) => {
        const id = octoOptionId(typeId, categoryId);
        const at = Math.min(index, id.length - 1);
        const was = id[at] as string;
        // A hexadecimal digit for another is still an option id; any other change is not.
        fc.pre(kind !== 'replace' || (by !== was && !/[0-9a-f]/.test(`${was}${by}`)));
        expect(parseOctoOptionId(edit(id, at, kind, by))).toBeNull();
      }),
    );
  });

  it('property: whatever it reads, it reads back exactly (no other text is an option id)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdefg-~ ') }), (text) => {
        const parsed = parseOctoOptionId(text);
        if (parsed) expect(octoOptionId(parsed.typeId, parsed.categoryId)).toBe(text);
      }),
    );
  });
});

describe('Cusco times and availability ids', () => {
  it('write a time of a day in Cusco with its offset, midnight unless told', () => {
    expect(cuscoDateTime('2026-12-01')).toBe('2026-12-01T00:00:00-05:00');
    expect(cuscoDateTime('2026-12-01', '07:30:00')).toBe('2026-12-01T07:30:00-05:00');
    expect(new Date(cuscoDateTime('2026-12-01')).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it("name an availability by its day's start in Cusco, and read it back", () => {
    expect(octoAvailabilityId('2027-05-10')).toBe('2027-05-10T00:00:00-05:00');
    expect(parseOctoAvailabilityId('2027-05-10T00:00:00-05:00')).toBe('2027-05-10');
    expect(parseOctoAvailabilityId('2028-02-29T00:00:00-05:00')).toBe('2028-02-29');
  });

  it.each([
    ['a date alone', '2027-05-10'],
    ['another offset', '2027-05-10T00:00:00+05:00'],
    ['an hour off', '2027-05-10T00:00:00-04:00'],
    ['UTC', '2027-05-10T00:00:00Z'],
    ['UTC as an offset', '2027-05-10T00:00:00+00:00'],
    ['no offset', '2027-05-10T00:00:00'],
    ['a time other than midnight', '2027-05-10T05:00:00-05:00'],
    ['milliseconds', '2027-05-10T00:00:00.000-05:00'],
    ['a space for the T', '2027-05-10 00:00:00-05:00'],
    ['text before', 'x2027-05-10T00:00:00-05:00'],
    ['text after', '2027-05-10T00:00:00-05:00x'],
    ['a line after', '2027-05-10T00:00:00-05:00\n'],
    ['a short year', '027-05-10T00:00:00-05:00'],
    ['a long year', '12027-05-10T00:00:00-05:00'],
    ['a one-digit month', '2027-5-10T00:00:00-05:00'],
    ['a one-digit day', '2027-05-1T00:00:00-05:00'],
    ['a one-digit offset', '2027-05-10T00:00:00-5:00'],
    ['short offset minutes', '2027-05-10T00:00:00-05:0'],
    ['letters for digits', '2027-0a-10T00:00:00-05:00'],
    ['February 30', '2027-02-30T00:00:00-05:00'],
    ['February 29 of a common year', '2027-02-29T00:00:00-05:00'],
    ['a thirteenth month', '2027-13-01T00:00:00-05:00'],
    ['a day 0', '2027-05-00T00:00:00-05:00'],
    ['nothing', ''],
  ])('refuse %s', (_, id) => {
    expect(parseOctoAvailabilityId(id)).toBeNull();
  });

  it('property: every day comes back from its availability id, at its midnight in Cusco', () => {
    fc.assert(
      fc.property(day, (date) => {
        const id = octoAvailabilityId(date);
        expect(parseOctoAvailabilityId(id)).toBe(date);
        expect(new Date(id).toISOString()).toBe(`${date}T05:00:00.000Z`);
      }),
    );
  });

  it('property: an availability id with one character dropped, added or changed is refused', () => {
    fc.assert(
      fc.property(day, edits(25), (date, { index, kind, by }) => {
        const id = octoAvailabilityId(date);
        const at = Math.min(index, id.length - 1);
        const was = id[at] as string;
        // A digit of the date for another may name another day; any other change names none.
        fc.pre(kind !== 'replace' || (by !== was && !(at < 10 && /\d/.test(`${was}${by}`))));
        expect(parseOctoAvailabilityId(edit(id, at, kind, by))).toBeNull();
      }),
    );
  });

  it('property: whatever it reads, it reads back exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789-:T+Z') }),
        fc.oneof(fc.constant(''), fc.constant('2027-05-10T00:00:00')),
        (text, start) => {
          const date = parseOctoAvailabilityId(start + text);
          if (date !== null) expect(octoAvailabilityId(date)).toBe(start + text);
        },
      ),
    );
  });
});

describe('a departure in OCTO', () => {
  it('spans its days, from its first midnight to its last day’s end, in Cusco', () => {
    expect(octoDepartureSpan('2026-12-30', 4)).toEqual({
      start: '2026-12-30T00:00:00-05:00',
      end: '2027-01-02T23:59:59-05:00',
    });
    expect(octoDepartureSpan('2026-12-30', 1)).toEqual({
      start: '2026-12-30T00:00:00-05:00',
      end: '2026-12-30T23:59:59-05:00',
    });
    expect(octoDepartureSpan('2028-02-28', 2).end).toBe('2028-02-29T23:59:59-05:00');
  });

  it('counts a tour of no days (or fewer) as a day', () => {
    expect(octoDepartureSpan('2026-12-30', 0).end).toBe('2026-12-30T23:59:59-05:00');
    expect(octoDepartureSpan('2026-12-30', -3).end).toBe('2026-12-30T23:59:59-05:00');
  });

  it('stops selling at midnight in Cusco after the last day its lead time leaves', () => {
    // Two days ahead: 2026-12-10 is sold until the end of 2026-12-08, Cusco time.
    expect(octoCutoffAt('2026-12-10', 2)).toBe('2026-12-09T05:00:00.000Z');
    // No lead time: sold until the end of its own day.
    expect(octoCutoffAt('2026-12-10', 0)).toBe('2026-12-11T05:00:00.000Z');
    expect(octoCutoffAt('2027-01-01', 1)).toBe('2027-01-01T05:00:00.000Z');
    expect(octoCutoffAt('2028-03-01', 1)).toBe('2028-03-01T05:00:00.000Z');
  });

  it("property: the cutoff instant agrees with the site's lead time at every moment of a Cusco day", () => {
    const time = fc
      .tuple(fc.nat({ max: 23 }), fc.nat({ max: 59 }), fc.nat({ max: 59 }))
      .map((parts) => parts.map((part) => String(part).padStart(2, '0')).join(':'));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -3, max: 20 }),
        fc.nat({ max: 10 }),
        time,
        (date, ahead, leadDays, at) => {
          const today = new Date(Date.parse(`${date}T12:00:00Z`) - ahead * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const closure = dateClosure(date, today, {
            leadDays,
            closedMonths: [],
            weekdays: EVERY_WEEKDAY,
          });
          const now = Date.parse(cuscoDateTime(today, at));
          expect(now < Date.parse(octoCutoffAt(date, leadDays))).toBe(closure === null);
        },
      ),
    );
  });
});

describe('an availability status', () => {
  it.each<[boolean, number, OctoAvailabilityStatus]>([
    [false, 10, 'CLOSED'],
    [false, 0, 'CLOSED'],
    [false, Number.POSITIVE_INFINITY, 'CLOSED'],
    [true, 0, 'SOLD_OUT'],
    [true, -2, 'SOLD_OUT'],
    [true, 1, 'LIMITED'],
    [true, FEW_SEATS, 'LIMITED'],
    [true, FEW_SEATS + 1, 'AVAILABLE'],
    [true, 40, 'AVAILABLE'],
    [true, Number.POSITIVE_INFINITY, 'FREESALE'],
  ])('open %s with room %d is %s', (open, room, status) => {
    expect(octoAvailabilityStatus(open, room)).toBe(status);
  });

  it('property: every day and room has exactly the status its rule names', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constant(Number.POSITIVE_INFINITY)),
        (open, room) => {
          const expected: OctoAvailabilityStatus = !open
            ? 'CLOSED'
            : room <= 0
              ? 'SOLD_OUT'
              : room === Number.POSITIVE_INFINITY
                ? 'FREESALE'
                : room <= FEW_SEATS
                  ? 'LIMITED'
                  : 'AVAILABLE';
          expect(octoAvailabilityStatus(open, room)).toBe(expected);
        },
      ),
    );
  });
});

describe('an OCTO booking status', () => {
  it.each([
    [true, true, true, 'CANCELLED'],
    [true, true, false, 'CANCELLED'],
    [true, false, true, 'CANCELLED'],
    [true, false, false, 'CANCELLED'],
    [false, true, true, 'ON_HOLD'],
    [false, true, false, 'EXPIRED'],
    [false, false, true, 'CONFIRMED'],
    [false, false, false, 'CONFIRMED'],
  ])('cancelled %s, on hold %s, holding seats %s: %s', (cancelled, onHold, holdsSeats, status) => {
    expect(octoBookingStatus({ cancelled, onHold, holdsSeats })).toBe(status);
  });

  it("property: it agrees with the booking's own status (ADR 0037)", () => {
    const facts = fc.record<BookingStatusFacts>({
      cancelledBy: fc.constantFrom(null, ...cancellers),
      holdsSeats: fc.boolean(),
      onCredit: fc.boolean(),
      onHold: fc.boolean(),
      travelDate: fc.constantFrom('2027-05-09', '2027-05-10', '2027-05-11'),
      today: fc.constant('2027-05-10'),
      paidCents: fc.integer({ min: 0, max: 2000 }),
      depositCents: fc.integer({ min: 0, max: 1000 }),
      debtCents: fc.integer({ min: -500, max: 2000 }),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const site = bookingStatus(f);
        const octo = octoBookingStatus({
          cancelled: f.cancelledBy !== null,
          onHold: f.onHold,
          holdsSeats: f.holdsSeats,
        });
        expect(octo === 'CANCELLED').toBe(isCancelled(site));
        if (site === 'on_hold') expect(octo).toBe('ON_HOLD');
        if (site === 'expired') expect(octo).toBe(f.onHold ? 'EXPIRED' : 'CONFIRMED');
        if (octo === 'ON_HOLD') expect(['on_hold', 'travelled']).toContain(site);
        if (octo === 'CONFIRMED') expect(f.onHold).toBe(false);
      }),
    );
  });
});

describe('an OCTO hold', () => {
  it('lasts 30 minutes when the reseller does not say, a day at most', () => {
    expect(OCTO_HOLD_DEFAULT_MINUTES).toBe(30);
    expect(OCTO_HOLD_MAX_MINUTES).toBe(1440);
    expect(octoHoldMinutes(undefined)).toBe(30);
  });

  it.each([
    [1, 1],
    [45, 45],
    [45.9, 45],
    [1440, 1440],
    [1441, 1440],
    [1e9, 1440],
    [0, 1],
    [0.5, 1],
    [-20, 1],
  ])('asked %d minutes, lasts %d', (asked, minutes) => {
    expect(octoHoldMinutes(asked)).toBe(minutes);
  });

  it('property: whole minutes, within 1 and a day, as asked when within them', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (asked) => {
        const minutes = octoHoldMinutes(asked);
        expect(Number.isInteger(minutes)).toBe(true);
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(minutes).toBeLessThanOrEqual(OCTO_HOLD_MAX_MINUTES);
        if (asked >= 1 && asked < OCTO_HOLD_MAX_MINUTES + 1)
          expect(minutes).toBe(Math.trunc(asked));
      }),
    );
  });
});

const policy = (windows: ChangePolicy['windows']): ChangePolicy => ({
  ...SPEC_POLICIES.standard,
  windows,
});

describe('cancelling through OCTO', () => {
  it("refuses from the spec's 100 % windows on: 3 days (standard), 2 (corporate)", () => {
    expect(octoCancellationCutoffDays(SPEC_POLICIES.standard)).toBe(3);
    expect(octoCancellationCutoffDays(SPEC_POLICIES.corporate)).toBe(2);
  });

  it('takes the widest window that keeps it all, and 0 when none does', () => {
    expect(
      octoCancellationCutoffDays(
        policy([
          { daysBefore: 1, keepPercent: 100 },
          { daysBefore: 7, keepPercent: 100 },
          { daysBefore: 20, keepPercent: 99 },
        ]),
      ),
    ).toBe(7);
    expect(octoCancellationCutoffDays(policy([{ daysBefore: 20, keepPercent: 99 }]))).toBe(0);
    expect(octoCancellationCutoffDays(policy([]))).toBe(0);
  });

  it('allows a confirmed booking to be cancelled only more than the cutoff days ahead', () => {
    expect(octoCancellable('2027-05-10', '2027-05-06', 3)).toBe(true);
    expect(octoCancellable('2027-05-10', '2027-05-07', 3)).toBe(false);
    expect(octoCancellable('2027-05-10', '2027-05-09', 0)).toBe(true);
    expect(octoCancellable('2027-05-10', '2027-05-10', 0)).toBe(false);
    expect(octoCancellable('2027-05-10', '2027-05-12', 0)).toBe(false);
    expect(octoCancellable('2027-03-01', '2027-02-26', 2)).toBe(true);
  });

  it('property: the cutoff is the last day the policy keeps the whole price, and no day before it does', () => {
    const windows = fc.uniqueArray(
      fc.record({
        daysBefore: fc.integer({ min: 0, max: 60 }),
        keepPercent: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(100)),
      }),
      { maxLength: 6, selector: (window) => window.daysBefore },
    );
    fc.assert(
      fc.property(windows, fc.integer({ min: 0, max: 70 }), (list, days) => {
        const terms = policy(list);
        const cutoff = octoCancellationCutoffDays(terms);
        if (list.some((window) => window.keepPercent === 100)) {
          expect(keepPercentAt(terms, cutoff)).toBe(100);
        }
        if (days > cutoff) expect(keepPercentAt(terms, days)).toBeLessThan(100);
      }),
    );
  });

  it('property: cancellable exactly on the days the policy gives something back (a policy whose share grows)', () => {
    // Windows whose shares grow as travel nears, as the spec's and any sensible policy's do.
    const growing = fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 5 })
      .chain((days) =>
        fc
          .uniqueArray(fc.integer({ min: 1, max: 100 }), {
            minLength: days.length,
            maxLength: days.length,
          })
          .map((shares) => {
            const near = [...days].sort((a, b) => a - b);
            const most = [...shares].sort((a, b) => b - a);
            return near.map((daysBefore, index) => ({
              daysBefore,
              keepPercent: most[index] as number,
            }));
          }),
      );
    fc.assert(
      fc.property(growing, day, fc.integer({ min: 1, max: 70 }), (windows, today, ahead) => {
        const terms = policy(windows);
        const travelDate = new Date(Date.parse(`${today}T12:00:00Z`) + ahead * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const keep = keepPercentAt(terms, daysBefore(travelDate, today));
        expect(octoCancellable(travelDate, today, octoCancellationCutoffDays(terms))).toBe(
          keep < 100,
        );
      }),
    );
  });

  it.each([
    [0, 10000, 'FULL'],
    [-1, 10000, 'FULL'],
    [0, 0, 'FULL'],
    [1, 10000, 'PARTIAL'],
    [9999, 10000, 'PARTIAL'],
    [10000, 10000, 'NONE'],
    [10001, 10000, 'NONE'],
  ])('kept %d of %d: refund %s', (kept, price, refund) => {
    expect(octoRefund(kept, price)).toBe(refund);
  });
});

describe("a reseller's net price", () => {
  it('is the retail price less the discount in basis points, to the cent (half up)', () => {
    expect(octoNetCents(10000, 0)).toBe(10000);
    expect(octoNetCents(10000, 1000)).toBe(9000);
    expect(octoNetCents(10000, 10000)).toBe(0);
    expect(octoNetCents(999, 1250)).toBe(874);
    expect(octoNetCents(1, 5000)).toBe(0);
    expect(octoNetCents(3, 5000)).toBe(1);
    expect(octoNetCents(12345, 1)).toBe(12344);
    expect(octoNetCents(0, 2500)).toBe(0);
  });

  it('property: whole cents, between nothing and the retail price, less as the discount grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (retail, a, b) => {
          const net = octoNetCents(retail, a);
          expect(Number.isInteger(net)).toBe(true);
          expect(net).toBeGreaterThanOrEqual(0);
          expect(net).toBeLessThanOrEqual(retail);
          expect(Math.abs(retail - net - (retail * a) / 10_000)).toBeLessThanOrEqual(0.5);
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(octoNetCents(retail, high)).toBeLessThanOrEqual(octoNetCents(retail, low));
        },
      ),
    );
  });
});

describe('a full name split for a passenger record', () => {
  it.each([
    ['Ana', { firstName: 'Ana', lastName: '' }],
    ['Ana López', { firstName: 'Ana', lastName: 'López' }],
    ['  Ana   María\tLópez  Quispe\n', { firstName: 'Ana', lastName: 'María López Quispe' }],
    ['', { firstName: '', lastName: '' }],
    [' \t\n ', { firstName: '', lastName: '' }],
  ])('%j', (fullName, parts) => {
    expect(splitFullName(fullName)).toEqual(parts);
  });

  it('property: the words come back, first name first, joined by single spaces', () => {
    const word = fc.string({ minLength: 1, unit: fc.constantFrom(...'abcñé-.') });
    const space = fc.string({ minLength: 1, maxLength: 3, unit: fc.constantFrom(' ', '\t', '\n') });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), space, space, (words, gap, edge) => {
        const { firstName, lastName } = splitFullName(edge + words.join(gap) + edge);
        expect(firstName).toBe(words[0] ?? '');
        expect(lastName).toBe(words.slice(1).join(' '));
      }),
    );
  });
});

describe("another agency's offset (ISO 8601's writing of it)", () => {
  type Octo = typeof import('../src/rules/octo.ts');
  const at = async (minutes: number): Promise<Octo> => {
    vi.resetModules();
    vi.doMock('../src/rules/dates.ts', async (original) => ({
      ...(await original<typeof import('../src/rules/dates.ts')>()),
      AGENCY_UTC_OFFSET: minutes,
    }));
    return import('../src/rules/octo.ts');
  };
  let offsets: Record<string, Octo>;

  beforeAll(async () => {
    offsets = {};
    for (const minutes of [330, 0, -570, 840, -60]) offsets[minutes] = await at(minutes);
  });
  afterAll(() => {
    vi.doUnmock('../src/rules/dates.ts');
    vi.resetModules();
  });

  it.each([
    [330, '+05:30'],
    [0, '+00:00'],
    [-570, '-09:30'],
    [840, '+14:00'],
    [-60, '-01:00'],
  ])('%d minutes: %s', (minutes, written) => {
    const octo = offsets[minutes] as Octo;
    expect(octo.cuscoDateTime('2027-05-10')).toBe(`2027-05-10T00:00:00${written}`);
    expect(octo.parseOctoAvailabilityId(`2027-05-10T00:00:00${written}`)).toBe('2027-05-10');
    expect(octo.parseOctoAvailabilityId('2027-05-10T00:00:00-05:00')).toBeNull();
    expect(Date.parse(octo.octoCutoffAt('2027-05-10', 0))).toBe(
      Date.parse('2027-05-11T00:00:00Z') - minutes * 60_000,
    );
  });
});
