// @vitest-environment happy-dom
import { CustomerTypeId, type Tour } from '@cusco/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingSummary } from '../src/features/booking/components/booking-summary.tsx';
import { MobileTotalBar } from '../src/features/booking/components/mobile-total-bar.tsx';
import { useBookingDraft } from '../src/features/booking/hooks/use-booking-draft.ts';
import type { BookingDraft } from '../src/features/booking/model/draft.ts';
import { writeStoredBooking } from '../src/features/booking/model/draft-storage.ts';
import { sampleTour } from './sample-tour.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi } from './support/fake-api.ts';

/**
 * The sample tour with a price tier for groups of three, a hotel and two services, so that every
 * kind of line shows. Prices are the tour's, in dollars, as GET tour/{code} gives them.
 */
const tour: Tour = {
  ...sampleTour,
  prices: [
    ...sampleTour.prices,
    {
      categoryId: 'english',
      typeId: 'group',
      customerTypeId: CustomerTypeId.adult,
      quantity: 3,
      price: 700,
    },
    {
      categoryId: 'english',
      typeId: 'group',
      customerTypeId: CustomerTypeId.student,
      quantity: 3,
      price: 665,
    },
    {
      categoryId: 'english',
      typeId: 'group',
      customerTypeId: CustomerTypeId.baby,
      quantity: 1,
      price: 0,
    },
  ],
  hotel: {
    types: [{ value: 'tierra-viva', label: 'Tierra Viva' }],
    rooms: [
      { value: 'double', label: 'Double' },
      { value: 'single', label: 'Single' },
    ],
    prices: [
      { typeId: 'tierra-viva', roomId: 'double', price: 85.75 },
      { typeId: 'tierra-viva', roomId: 'single', price: 60 },
    ],
  },
  hotelNight: 2,
  additionalServices: [
    ...sampleTour.additionalServices,
    {
      name: 'Horse',
      description: '',
      prices: [{ id: 'horse', label: 'Per group', value: 120.25, perPerson: false }],
    },
    {
      name: 'Walking poles',
      description: '',
      prices: [{ id: 'poles', label: 'Per person', value: 10, perPerson: true }],
    },
  ],
};

/**
 * Two adults, a student and a baby (three who pay a seat: the tier of three), a double room and
 * two singles, three sleeping bags and a horse (walking poles switched off). By hand:
 * passengers 2 × 700 + 1 × 665 + 1 × 0 = 2,065.00; hotel 85.75 × 2 nights × 1 = 171.50 and
 * 60 × 2 nights × 2 = 240.00; services 3 × 25 = 75.00 and 1 × 120.25; total 2,671.75;
 * deposit: half of passengers and hotel (2,476.50 / 2 = 1,238.25) in whole dollars, 1,238.00,
 * services excluded.
 */
const draft: BookingDraft = {
  date: '2030-06-15',
  typeId: 'group',
  categoryId: 'english',
  counts: {
    [CustomerTypeId.adult]: '2',
    [CustomerTypeId.student]: '1',
    [CustomerTypeId.baby]: '1',
  },
  hotels: [
    { hotelTypeId: 'tierra-viva', roomTypeId: 'double', rooms: 1 },
    { hotelTypeId: 'tierra-viva', roomTypeId: 'single', rooms: 2 },
  ],
  services: {
    bag: { enabled: true, quantity: '3' },
    horse: { enabled: true, quantity: '1' },
    // Switched off: no line, whatever its quantity.
    poles: { enabled: false, quantity: '2' },
  },
};

/** The booking page's totals as BookingFlow wires them: the draft (kept in the tab), priced. */
function Totals({ showPartial, code }: { showPartial: boolean; code: string | null }) {
  const booking = useBookingDraft(tour, 'public');
  return (
    <>
      <BookingSummary
        tour={tour}
        draft={booking.draft}
        quote={booking.quote}
        code={code}
        showPartial={showPartial}
      />
      <MobileTotalBar quote={booking.quote} />
    </>
  );
}

/** The page as it is when the visitor has chosen `chosen` (a refresh reads it from the tab). */
function renderTotals(
  chosen: BookingDraft,
  { showPartial = true, code = null }: { showPartial?: boolean; code?: string | null } = {},
) {
  writeStoredBooking(tour, 'public', { draft: chosen });
  return renderInApp(<Totals showPartial={showPartial} code={code} />);
}

/**
 * The summary as read from top to bottom: each row as "label | value", each group's heading as
 * "— heading". Lines made of other text (a hint) are left out.
 */
function summaryRows(summary: HTMLElement): string[] {
  return Array.from(summary.querySelectorAll('.mantine-Group-root, .mantine-Divider-root')).map(
    (element) => {
      if (element.classList.contains('mantine-Divider-root')) return `— ${element.textContent}`;
      const [label, value] = Array.from(element.children);
      return `${label?.textContent} | ${value?.textContent}`;
    },
  );
}

/** A money figure in Spanish: "USD 1,234.50" (Peru's format; the browser may write "US$"). */
const es = (figure: string) => new RegExp(`^(USD|US\\$)\\s${figure.replace(/[.,]/g, '\\$&')}$`);

afterEach(() => {
  resetApp();
  sessionStorage.clear();
});

describe('the booking summary', () => {
  it('lists each passenger type, room and service with its price, the total and the deposit', async () => {
    await speak('en');
    fakeApi({ 'GET tour/100401/availability': { body: [] } });
    renderTotals(draft);
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(summaryRows(summary)).toEqual([
      'Tour | Classic Inca Trail 4D/3N',
      'Date | Sat, 15 Jun 2030',
      'Type | Group',
      'Category | English',
      '— Passengers',
      'Adult × 2 | $1,400.00',
      'Student × 1 | $665.00',
      'Baby × 1 | $0.00',
      '— Hotel',
      '1 × Double, Tierra Viva | $171.50',
      '2 × Single, Tierra Viva | $240.00',
      '— Additional services',
      'Sleeping bag (Per person) × 3 | $75.00',
      'Horse (Per group) × 1 | $120.25',
      '— ',
      'Total | $2,671.75',
      'Deposit (50%) | $1,238.00',
    ]);
    expect(within(summary).getByTestId('summary-total').textContent).toBe('$2,671.75');
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: $2,671.75');
  });

  it('names the saved reservation, and shows no deposit before step 3', async () => {
    await speak('en');
    fakeApi({ 'GET tour/100401/availability': { body: [] } });
    renderTotals(draft, { showPartial: false, code: 'CT-ABC123' });
    const rows = summaryRows(screen.getByRole('complementary', { name: 'Summary' }));
    expect(rows[0]).toBe('Reservation | CT-ABC123');
    expect(rows.at(-1)).toBe('Total | $2,671.75');
    expect(rows.some((row) => row.startsWith('Deposit'))).toBe(false);
  });

  it('prices the single-passenger tier for one adult, with no hotel or services', async () => {
    await speak('en');
    fakeApi({ 'GET tour/100401/availability': { body: [] } });
    renderTotals({ ...draft, counts: { [CustomerTypeId.adult]: '1' }, hotels: [], services: {} });
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(summaryRows(summary).slice(4)).toEqual([
      '— Passengers',
      'Adult × 1 | $790.00',
      '— ',
      'Total | $790.00',
      'Deposit (50%) | $395.00',
    ]);
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: $790.00');
  });

  it('shows a zero total, and asks for passengers, before any is chosen', async () => {
    await speak('en');
    fakeApi({ 'GET tour/100401/availability': { body: [] } });
    renderTotals({ ...draft, counts: {}, hotels: [], services: {} });
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(within(summary).getByText('Choose the passengers to see the price.')).toBeTruthy();
    expect(within(summary).getByTestId('summary-total').textContent).toBe('$0.00');
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: $0.00');
  });

  it('says how few seats are left on the chosen date', async () => {
    await speak('en');
    fakeApi({
      'GET tour/100401/availability': {
        body: [{ date: '2030-06-15', status: 'open', seatsLeft: 3, more: false, reason: '' }],
      },
    });
    renderTotals(draft);
    expect((await screen.findByTestId('summary-seats-left')).textContent).toBe(
      'Only 3 seats left on this date',
    );
  });

  it('speaks Spanish, with its money format', async () => {
    await speak('es');
    fakeApi({ 'GET tour/100401/availability': { body: [] } });
    renderTotals(draft);
    const summary = screen.getByRole('complementary', { name: 'Resumen' });
    const rows = summaryRows(summary).map((row) => row.split(' | '));
    expect(rows.map(([label]) => label)).toEqual([
      'Tour',
      'Fecha',
      'Tipo',
      'Categoría',
      '— Pasajeros',
      'Adult × 2',
      'Student × 1',
      'Baby × 1',
      '— Hotel',
      '1 × Double, Tierra Viva',
      '2 × Single, Tierra Viva',
      '— Servicios adicionales',
      'Sleeping bag (Per person) × 3',
      'Horse (Per group) × 1',
      '— ',
      'Total',
      'Adelanto (50%)',
    ]);
    const value = (label: string) => rows.find(([candidate]) => candidate === label)?.[1] ?? '';
    expect(value('Fecha')).toBe('sáb., 15 jun 2030');
    expect(value('Adult × 2')).toMatch(es('1,400.00'));
    expect(value('Student × 1')).toMatch(es('665.00'));
    expect(value('1 × Double, Tierra Viva')).toMatch(es('171.50'));
    expect(value('2 × Single, Tierra Viva')).toMatch(es('240.00'));
    expect(value('Sleeping bag (Per person) × 3')).toMatch(es('75.00'));
    expect(value('Horse (Per group) × 1')).toMatch(es('120.25'));
    expect(value('Total')).toMatch(es('2,671.75'));
    expect(value('Adelanto (50%)')).toMatch(es('1,238.00'));
    expect(screen.getByText(/^Total: /).textContent?.replace(/^Total: /, '')).toMatch(
      es('2,671.75'),
    );
  });
});
