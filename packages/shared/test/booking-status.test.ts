import { describe, expect, it } from 'vitest';
import {
  allows,
  type BookingStatus,
  type BookingStatusFacts,
  bookingStatus,
  bookingStatuses,
  isCancelled,
  type transitions,
} from '../src/rules/booking-status.ts';

const standing: BookingStatusFacts = {
  cancelledBy: null,
  holdsSeats: true,
  onCredit: false,
  onHold: false,
  travelDate: '2027-05-10',
  today: '2027-05-01',
  paidCents: 0,
  depositCents: 50000,
  debtCents: 100000,
};

describe('the booking status (ADR 0037)', () => {
  it.each<[string, Partial<BookingStatusFacts>, BookingStatus]>([
    ['nothing paid, within its hold', {}, 'pending_payment'],
    ['part of its deposit paid', { paidCents: 49999, debtCents: 50001 }, 'pending_payment'],
    ['its deposit paid', { paidCents: 50000, debtCents: 50000 }, 'partly_paid'],
    ['everything paid', { paidCents: 100000, debtCents: 0 }, 'paid'],
    ['paid beyond its price', { paidCents: 100100, debtCents: -100 }, 'paid'],
    ['on credit, nothing paid', { onCredit: true }, 'confirmed'],
    ['on credit, its deposit paid', { onCredit: true, paidCents: 50000 }, 'partly_paid'],
    ['on credit, settled', { onCredit: true, paidCents: 100000, debtCents: 0 }, 'paid'],
    ['its hold ended unpaid', { holdsSeats: false }, 'expired'],
    ["a reseller's hold, within it", { onCredit: true, onHold: true }, 'on_hold'],
    ["a reseller's hold, paid", { onCredit: true, onHold: true, debtCents: 0 }, 'on_hold'],
    [
      "a reseller's hold that ended",
      { onCredit: true, onHold: true, holdsSeats: false },
      'expired',
    ],
    ["a reseller's hold on its travel date", { onHold: true, today: '2027-05-10' }, 'travelled'],
    ["a reseller's hold cancelled", { onHold: true, cancelledBy: 'agency' }, 'cancelled_by_agency'],
    ['its hold ended, travel day passed', { holdsSeats: false, today: '2027-06-01' }, 'expired'],
    ['the day before travel', { today: '2027-05-09', debtCents: 0 }, 'paid'],
    ['on its travel date', { today: '2027-05-10', debtCents: 0 }, 'travelled'],
    ['after its travel date', { today: '2027-05-11' }, 'travelled'],
    ['cancelled by the customer', { cancelledBy: 'customer' }, 'cancelled_by_customer'],
    [
      'cancelled by the customer after its hold ended',
      { cancelledBy: 'customer', holdsSeats: false },
      'cancelled_by_customer',
    ],
    [
      'cancelled by the agency',
      { cancelledBy: 'agency', today: '2027-06-01' },
      'cancelled_by_agency',
    ],
  ])('%s', (_, facts, status) => {
    expect(bookingStatus({ ...standing, ...facts })).toBe(status);
  });

  it('names eight statuses', () => {
    expect(bookingStatuses).toHaveLength(9);
  });

  it('tells the cancellations apart from the rest', () => {
    expect(bookingStatuses.filter(isCancelled)).toEqual([
      'cancelled_by_customer',
      'cancelled_by_agency',
    ]);
  });

  it('lets a person cancel or change only a standing booking', () => {
    const from = (transition: keyof typeof transitions) =>
      bookingStatuses.filter((status) => allows(transition, status));
    const standingOnes = ['pending_payment', 'confirmed', 'partly_paid', 'paid'];
    expect(from('change')).toEqual(standingOnes);
    // A reseller's hold is confirmed or cancelled, never changed (issue 31).
    expect(from('cancel')).toEqual(['on_hold', ...standingOnes, 'expired']);
  });
});
