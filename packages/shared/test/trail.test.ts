import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attendanceOf,
  attendanceStates,
  checkInMethods,
  GUIDE_DAYS_AHEAD,
  GUIDE_SESSION_DAYS,
  TRAIL_BATCH_MAX,
  TRAIL_KEEP_DAYS,
  TRAIL_NOTE_MAX,
  trailActionKinds,
  trailDeleteAfter,
  trailOutcomes,
} from '../src/rules/trail.ts';

describe('the trail’s words', () => {
  it('names the action kinds, check-in methods, outcomes and attendance states', () => {
    expect(trailActionKinds).toEqual(['check_in', 'no_show', 'note']);
    expect(checkInMethods).toEqual(['qr', 'name']);
    expect(trailOutcomes).toEqual(['applied', 'conflict']);
    expect(attendanceStates).toEqual(['checked_in', 'no_show']);
  });

  it('keeps the limits of issue 32', () => {
    expect(TRAIL_BATCH_MAX).toBe(100);
    expect(TRAIL_NOTE_MAX).toBe(2000);
    expect(TRAIL_KEEP_DAYS).toBe(3);
    expect(GUIDE_SESSION_DAYS).toBe(10);
    expect(GUIDE_DAYS_AHEAD).toBe(60);
  });
});

describe('attendanceOf', () => {
  it('a check-in checks in, a no-show is a no-show, a note records no attendance', () => {
    expect(attendanceOf('check_in')).toBe('checked_in');
    expect(attendanceOf('no_show')).toBe('no_show');
    expect(attendanceOf('note')).toBeNull();
  });

  it('every attendance state comes from exactly one action kind', () => {
    const recorded = trailActionKinds.map(attendanceOf).filter((state) => state !== null);
    expect(recorded).toEqual([...attendanceStates]);
  });
});

describe('trailDeleteAfter', () => {
  it('is three days after the departure’s last day', () => {
    expect(trailDeleteAfter('2026-05-10')).toBe('2026-05-13');
    expect(trailDeleteAfter('2026-05-01')).toBe('2026-05-04');
  });

  it('crosses the end of a month, of February (leap year or not) and of a year', () => {
    expect(trailDeleteAfter('2026-04-29')).toBe('2026-05-02');
    expect(trailDeleteAfter('2026-05-31')).toBe('2026-06-03');
    expect(trailDeleteAfter('2026-02-27')).toBe('2026-03-02');
    expect(trailDeleteAfter('2028-02-27')).toBe('2028-03-01');
    expect(trailDeleteAfter('2028-02-29')).toBe('2028-03-03');
    expect(trailDeleteAfter('2026-12-30')).toBe('2027-01-02');
    expect(trailDeleteAfter('2026-12-31')).toBe('2027-01-03');
  });

  it('property: the day, as YYYY-MM-DD, exactly TRAIL_KEEP_DAYS × 24 h after the last day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (moment) => {
          const lastDay = moment.toISOString().slice(0, 10);
          const after = trailDeleteAfter(lastDay);
          expect(after).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(Date.parse(`${after}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`)).toBe(
            TRAIL_KEEP_DAYS * 86_400_000,
          );
        },
      ),
    );
  });
});
