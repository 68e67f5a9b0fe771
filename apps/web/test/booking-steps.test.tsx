// @vitest-environment happy-dom
import { type Tour, todayInLima } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDates } from '../src/components/local-dates.tsx';
import { BookingFlow } from '../src/features/booking/components/booking-flow.tsx';
import { sampleTour } from './sample-tour.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi, type Reply } from './support/fake-api.ts';

/** The sample tour with a hotel of two room types, priced per room and night. */
const hotelTour: Tour = {
  ...sampleTour,
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
};

const today = todayInLima();
const plus = (days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');
const open = (date: string) => ({ date, status: 'open', seatsLeft: 12, more: true, reason: '' });

/** The departure's days: open from today on, unless `closed` says otherwise. */
function daysFrom(closed: Record<string, string> = {}): Reply {
  const days = Array.from({ length: 40 }, (_, index) => plus(index)).map((date) =>
    closed[date]
      ? { date, status: 'closed', seatsLeft: 0, more: false, reason: closed[date] }
      : open(date),
  );
  return { body: days };
}

/** The booking page's flow (step 1 on), at its address, with the tour's days from a fake API. */
function renderFlow(tour: Tour, days: Reply | (() => Promise<Reply>) = daysFrom(), search = '') {
  sessionStorage.clear();
  const api = fakeApi({ [`GET tour/${tour.code}/availability`]: days });
  const router = createMemoryRouter(
    [
      {
        path: '/booking/:tour/:lang',
        element: (
          <LocalDates>
            <BookingFlow tour={tour} variant="public" />
          </LocalDates>
        ),
      },
    ],
    { initialEntries: [`/booking/${tour.code}/0${search}`] },
  );
  return { ...renderInApp(<RouterProvider router={router} />), api, router };
}

const count = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(resetApp);

describe('step 1 of the booking page (ADR 0038)', () => {
  beforeEach(() => speak('en'));

  it('continues, and says by the passengers what is missing, focusing the first count', async () => {
    const { user } = renderFlow(sampleTour);
    expect(screen.queryByRole('button', { name: 'Reserve' })).toBeNull();
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    // Once the date's seats are known (until then Continue waits: the test above).
    await waitFor(() => expect(continueButton.hasAttribute('data-loading')).toBe(false));
    await user.click(continueButton);
    const message = await screen.findByText('At least one adult must be selected.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    // Beside its field, not in a dialog; the first wrong field has the focus.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(count('Adult')));
    expect(count('Adult').getAttribute('aria-invalid')).toBe('true');
    // Fixed: the message goes, and Continue goes on to the sign-in.
    await user.type(count('Adult'), '2');
    await waitFor(() =>
      expect(screen.queryByText('At least one adult must be selected.')).toBeNull(),
    );
    expect(count('Adult').getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Step 1 is left for step 2 (the sign-in).
    await waitFor(() => expect(screen.queryByLabelText('Adult')).toBeNull());
  });

  it("waits for the date's seats before going on: today, closed, is never taken to the next step", async () => {
    // The days are held back, as on a slow network; today cannot be booked (the lead time).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const closed = daysFrom({ [today]: 'Book at least 3 days before travel' });
    const { user } = renderFlow(sampleTour, async () => {
      await held;
      return closed;
    });
    await user.type(await screen.findByLabelText('Adult'), '2');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await user.click(continueButton);
    // Still on step 1: nothing said, the button loading until the seats are known.
    expect(screen.queryByLabelText('Adult')).not.toBeNull();
    expect(continueButton.getAttribute('data-loading')).toBe('true');
    release();
    await waitFor(() => expect(continueButton.hasAttribute('data-loading')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByLabelText('Adult')).toBeNull());
  });

  it('refuses "1.5" passengers by their field: neither 15 nor 1 is counted', async () => {
    const { user } = renderFlow(sampleTour);
    await user.type(await screen.findByLabelText('Adult'), '1.5');
    expect(count('Adult').value).toBe('1.5');
    expect(screen.getByText('Enter a whole number, such as 2')).toBeTruthy();
    expect(count('Adult').getAttribute('aria-invalid')).toBe('true');
    // Nothing counted: Continue stops at the adults, focused.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('At least one adult must be selected.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(count('Adult')));
    await user.clear(count('Adult'));
    await user.type(count('Adult'), '2');
    expect(count('Adult').value).toBe('2');
    expect(screen.queryByText('Enter a whole number, such as 2')).toBeNull();
  });

  it('says a passenger type without a price by the passengers, not in a dialog', async () => {
    const { user } = renderFlow(sampleTour);
    await user.type(await screen.findByLabelText('Child'), '1');
    expect(
      await screen.findByText(
        'No prices were found for the type of person Child related to category English and the type Group',
      ),
    ).toBeTruthy();
    expect(count('Child').value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says the hotel's price per room and night before the rooms are added, and what Add misses", async () => {
    const { user } = renderFlow(hotelTour);
    const add = await screen.findByRole('button', { name: 'Add rooms' });
    // Nothing chosen: each missing field says so, the first focused; no dialog.
    await user.click(add);
    expect(await screen.findByText('Choose a hotel')).toBeTruthy();
    expect(screen.getByText('Choose a room')).toBeTruthy();
    expect(screen.getByText('Enter how many rooms: 1 or more')).toBeTruthy();
    expect(screen.queryByText(/Every option is already chosen/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The Select loads on demand (ADR 0053); its stand-in hands it the focus.
    const hotel = await screen.findByRole('combobox', { name: 'Hotel' });
    await waitFor(() => expect(document.activeElement).toBe(hotel));
    // The texts no longer say the tour includes nights that cost extra.
    expect(screen.getByText(/This tour needs 2 hotel nights, charged on top/)).toBeTruthy();
    expect(screen.queryByText(/includes/)).toBeNull();

    await user.click(hotel);
    await user.click(await screen.findByRole('option', { name: 'Tierra Viva' }));
    await user.click(screen.getByRole('combobox', { name: 'Room' }));
    expect(await screen.findByRole('option', { name: 'Double · $85.75 per night' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Single · $60.00 per night' }));
    expect(screen.getByTestId('hotel-night-price').textContent).toBe(
      '$60.00 per room and night, for 2 nights',
    );
    // "1.5" rooms: refused by the field, not added.
    await user.type(screen.getByLabelText('Rooms'), '1.5');
    expect(screen.getByText('Enter a whole number, such as 2')).toBeTruthy();
    await user.click(add);
    expect(screen.queryByRole('table', { name: 'Rooms added' })).toBeNull();
  });

  it('says a mandatory hotel by its field when Continue is pressed without one', async () => {
    const { user } = renderFlow(hotelTour);
    await user.type(await screen.findByLabelText('Adult'), '2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Selecting a Hotel in this Tour is mandatory.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Hotel' })),
    );
  });

  it('chooses the first open date when today is closed, and says why', async () => {
    renderFlow(sampleTour, daysFrom({ [today]: 'Trail closed for maintenance', [plus(1)]: 'x' }));
    const notice = await screen.findByTestId('date-closed');
    expect(notice.textContent).toBe(
      'Today cannot be booked. Trail closed for maintenance. The first open date is chosen instead.',
    );
    const field = screen.getByRole('button', { name: /Travel date/ });
    const expected = dayjs(plus(2)).locale('en').format('dddd D MMMM YYYY');
    await waitFor(() => expect(field.textContent).toContain(expected));
    expect(within(notice.parentElement as HTMLElement).queryByRole('alert')).toBeNull();
  });

  it('preselects the travel date that the address asks for (?date=), when it can be booked', async () => {
    const wanted = plus(12);
    const { router } = renderFlow(sampleTour, daysFrom(), `?date=${wanted}`);
    const expected = dayjs(wanted).locale('en').format('dddd D MMMM YYYY');
    const field = () => screen.getByRole('button', { name: /Travel date/ });
    await waitFor(() => expect(field().textContent).toContain(expected));
    // Taken out of the address once chosen: a refresh keeps what the customer picks next.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('date-closed')).toBeNull();
  });

  it.each([
    ['a sold-out date', `?date=${plus(5)}`],
    ['no real date', '?date=2026-02-30'],
    ['no date at all', '?date=soon'],
  ])('ignores a date in the address that cannot be booked: %s', async (_, search) => {
    const { router } = renderFlow(sampleTour, daysFrom({ [plus(5)]: 'Sold out' }), search);
    const expected = dayjs(today).locale('en').format('dddd D MMMM YYYY');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Travel date/ }).textContent).toContain(expected),
    );
    expect(screen.queryByTestId('date-closed')).toBeNull();
  });
});
