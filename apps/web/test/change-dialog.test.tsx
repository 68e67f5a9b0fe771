// @vitest-environment happy-dom
import {
  type BookingDetail,
  type BookingStatus,
  type ChangeQuoteAnswer,
  CustomerTypeId,
  type Tour,
} from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChangeAction,
  ChangeDialog,
} from '../src/features/reservations/components/change/change-dialog.tsx';
import { BookingDetailPage } from '../src/features/reservations/routes/booking-detail-page.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { type ApiCall, apiError, fakeApi, type Reply } from './support/fake-api.ts';

const code = 'CT-CHG123';
const tourCode = '100401';
const quotePath = `POST tour/booking/${code}/changes/quote`;
const changePath = `POST tour/booking/${code}/changes`;
const tourPath = `GET tour/${tourCode}`;
const daysPath = `GET tour/${tourCode}/availability`;

const GROUP = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PRIVATE = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const STANDARD = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const SUPERIOR = '9c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

/** Adults in a group, by the group's size: $790 alone, down to $620 each for five or more. */
const adultTiers: [number, number][] = [
  [1, 790],
  [2, 720],
  [3, 700],
  [4, 650],
  [5, 620],
];

/** The tour as GET tour/{code} answers it: group or private, two categories, four customer types. */
const tour: Tour = {
  id: '3f0f2c55-8d57-4a43-9a36-0e2b5f3c1a10',
  code: tourCode,
  name: 'Classic Inca Trail 4D/3N',
  days: 4,
  nights: 3,
  types: [
    { value: GROUP, label: 'Group' },
    { value: PRIVATE, label: 'Private' },
  ],
  categories: [
    { value: STANDARD, label: 'Standard' },
    { value: SUPERIOR, label: 'Superior' },
  ],
  categoryPrincipal: 'family',
  customerTypes: [
    { value: CustomerTypeId.adult, label: 'Adult', description: 'From 18 years old' },
    { value: CustomerTypeId.student, label: 'Student', description: 'With an ISIC card' },
    { value: CustomerTypeId.child, label: 'Child', description: 'From 3 to 17' },
    { value: CustomerTypeId.baby, label: 'Baby', description: 'Under 3' },
  ],
  prices: [
    ...adultTiers.map(([quantity, price]) => ({
      categoryId: STANDARD,
      typeId: GROUP,
      customerTypeId: CustomerTypeId.adult,
      quantity,
      price,
    })),
    {
      categoryId: STANDARD,
      typeId: GROUP,
      customerTypeId: CustomerTypeId.student,
      quantity: 5,
      price: 590,
    },
  ],
  hotel: null,
  hotelNight: 0,
  maxPassengers: 16,
  additionalServices: [],
  relatedTours: [],
  itinerary: [],
  includeServices: [],
  notincludeServices: [],
};

/** A booking of four adults (a group, Standard) on 15 June 2030, $2,600.00, in `status`. */
function detailOf(
  status: BookingStatus,
  money: { payments: number; debt: number } = { payments: 2600, debt: 0 },
  passengers = 4,
): BookingDetail {
  return {
    booking: {
      name: 'Classic Inca Trail 4D/3N',
      code,
      tourCode,
      tripDate: '2030-06-15',
      buyDate: '2029-06-01',
      type: 'Group',
      idcategory: STANDARD,
      category: 'Standard',
      debt: money.debt,
      observation: '',
      corporate: false,
      paymentMode: 'T',
      expired: status === 'expired',
      status,
      pickupPlace: null,
      voucherCode: null,
    },
    passanger: [{ type: 'Adult', quantity: passengers, total: 2600 }],
    includeServices: [],
    hotels: [],
    additionalServices: [],
    otherTours: [],
    buy: [],
    payments: [],
    paymentExtra: { add: [], substract: [] },
    balance: {
      purchases: 2600,
      payments: money.payments,
      discounts: 2600 - money.payments - money.debt,
      additions: 0,
      debt: money.debt,
    },
    passangerRegistry: Array.from({ length: passengers }, (_, index) => ({
      number: index + 1,
      id: `2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5${index + 1}`,
      type: 'Adult',
      typeId: CustomerTypeId.adult,
      clientId: index === 1 ? 'c2' : null,
      name: index === 1 ? 'Julia Ccori' : '',
      percentage: index === 1 ? 100 : 0,
      hasDocument: false,
    })),
    paymentAttempts: [],
    resume: [],
  };
}

/** The server's quote of a change. */
function answerOf(
  kind: ChangeQuoteAnswer['kind'],
  more: Partial<ChangeQuoteAnswer> = {},
): ChangeQuoteAnswer {
  return {
    kind,
    paid: 2600,
    refund: 0,
    fee: 0,
    total: 2600,
    balance: 0,
    daysBefore: 300,
    keepPercent: 0,
    lines: [],
    status: 'paid',
    refundTo: null,
    ...more,
  };
}

/** Moving the paid booking to a later date: the permits' fee, the same price; $460.00 to pay. */
const dateQuote = (travelDate: string) =>
  answerOf('date', {
    fee: 460,
    total: 3060,
    balance: 460,
    status: 'partly_paid',
    lines: [
      {
        kind: 'fee',
        amount: 460,
        reason: `New Inca Trail permits for 4 traveller(s): the permits are personal and bought for one date (${travelDate})`,
      },
    ],
  });

/**
 * The tour's days around the booking's date: one with too few seats for its four travellers, one
 * with few but enough, one sold out, one closed by the agency.
 */
const days = [
  { date: '2030-06-16', status: 'open', seatsLeft: 2, more: false, reason: '' },
  { date: '2030-06-17', status: 'open', seatsLeft: 5, more: false, reason: '' },
  { date: '2030-06-20', status: 'soldOut', seatsLeft: 0, more: false, reason: '' },
  { date: '2030-06-21', status: 'closed', seatsLeft: 0, more: false, reason: 'Trail maintenance' },
];

/** The routes every dialog reads: the tour, its days. */
const reads: Record<string, Reply> = {
  [tourPath]: { body: tour },
  [daysPath]: { body: days },
};

function renderDialog(action: ChangeAction, detail = detailOf('paid')) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const app = renderInApp(
    <ChangeDialog detail={detail} action={action} onClose={onClose} onChanged={onChanged} />,
  );
  return { ...app, onClose, onChanged };
}

/** A promise the test settles itself: an answer held until the test lets it go. */
function held() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release: (reply: Reply) => release(reply) };
}

/** A 409 of a sold-out date, with the seats left and the next dates with room. */
const soldOut = (nextDates: string[]): Reply => ({
  status: 409,
  body: {
    statusCode: 409,
    code: 'CONFLICT',
    error: 'Conflict',
    message: 'That date is sold out: choose another date',
    field: 'startDate',
    details: { seatsLeft: 0, nextDates },
  },
});

/** Opens the date picker and chooses a day by its name in the calendar. */
async function pickDay(user: ReturnType<typeof renderDialog>['user'], name: string) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: /^New travel date/ }));
  await user.click(await screen.findByRole('button', { name }));
}

const confirmButton = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name }) as HTMLButtonElement;

/** Confirm once the quote of what is chosen now is on screen (enabled). */
async function readyConfirm(dialog: HTMLElement, name: string) {
  const confirm = (await within(dialog).findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  return confirm;
}

afterEach(resetApp);

describe('moving the date', () => {
  beforeEach(() => speak('en'));

  it('offers the bookable dates only, quotes the chosen one, and moves it with one request', async () => {
    const answer = held();
    const api = fakeApi({
      ...reads,
      [quotePath]: (call) => ({
        body: dateQuote((call.body as { travelDate: string }).travelDate),
      }),
      [changePath]: () => answer.promise,
    });
    const { user, onChanged } = renderDialog({ kind: 'date' });
    const dialog = screen.getByRole('dialog', {
      name: `Move reservation ${code} to another date`,
    });
    // Nothing is quoted before a date is chosen.
    expect(within(dialog).getByText(/^Your date now: 15 June 2030\./)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(daysPath)).toHaveLength(1));
    expect(api.callsTo(daysPath)[0]?.search.get('type')).toBe(GROUP);
    expect(api.callsTo(daysPath)[0]?.search.get('category')).toBe(STANDARD);
    expect(api.callsTo(quotePath)).toEqual([]);

    // The calendar opens on the booking's month; its own date, a sold-out and a closed one
    // cannot be chosen, and say why.
    await user.click(within(dialog).getByRole('button', { name: /^New travel date/ }));
    const own = await screen.findByRole('button', {
      name: "Saturday 15 June 2030, your reservation's date now",
    });
    expect(own.hasAttribute('disabled') || own.getAttribute('data-disabled') === 'true').toBe(true);
    const disabled = (day: HTMLElement) =>
      day.hasAttribute('disabled') || day.getAttribute('data-disabled') === 'true';
    for (const name of [
      'Sunday 16 June 2030, Only 2 seats left on this date',
      'Thursday 20 June 2030, Sold out',
      'Friday 21 June 2030, Trail maintenance',
    ]) {
      expect(disabled(screen.getByRole('button', { name })), name).toBe(true);
    }
    expect(
      disabled(
        screen.getByRole('button', { name: 'Monday 17 June 2030, Only 5 seats left on this date' }),
      ),
    ).toBe(false);
    expect(disabled(screen.getByRole('button', { name: 'Tuesday 18 June 2030' }))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Tuesday 18 June 2030' }));

    await within(dialog).findByTestId('change-total');
    expect(api.callsTo(quotePath).map((call) => call.body)).toEqual([
      { kind: 'date', travelDate: '2030-06-18', refundTo: 'card' },
    ]);
    const lines = within(dialog).getByRole('table', { name: 'What this change does' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'LineAmount',
      'New Inca Trail permits for 4 traveller(s): the permits are personal and bought for one date (2030-06-18)$460.00',
    ]);
    expect(within(dialog).getByText('Changing 300 days before the travel date.')).toBeTruthy();
    expect(within(dialog).getByTestId('change-paid').textContent).toBe('$2,600.00');
    expect(within(dialog).getByTestId('change-fee').textContent).toBe('$460.00');
    expect(within(dialog).getByTestId('change-total').textContent).toBe('$3,060.00');
    expect(within(dialog).getByTestId('change-refund').textContent).toBe('$0.00');
    expect(within(dialog).getByTestId('change-balance').textContent).toBe('$460.00');
    expect(within(dialog).getByTestId('change-status').textContent).toBe('Partly paid');
    // Nothing comes back: no destination to choose; still paid in part, no new hold.
    expect(
      within(dialog).queryByRole('radiogroup', { name: 'Where should the refund go?' }),
    ).toBeNull();
    expect(within(dialog).queryByTestId('change-new-hold')).toBeNull();

    const confirm = confirmButton(dialog, 'Move my reservation to 18 June 2030');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await user.dblClick(confirm);
    await user.click(confirm);
    answer.release({ status: 201, body: dateQuote('2030-06-18') });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const changes = api.callsTo(changePath);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.body).toEqual({ kind: 'date', travelDate: '2030-06-18', refundTo: 'card' });
    expect(changes[0]?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(onChanged.mock.calls[0]?.[1]).toEqual({ kind: 'date', travelDate: '2030-06-18' });
  });

  it('quotes another date when the customer picks again, and confirms only on its own figures', async () => {
    const second = held();
    let quotes = 0;
    const api = fakeApi({
      ...reads,
      [quotePath]: (call) => {
        quotes += 1;
        const travelDate = (call.body as { travelDate: string }).travelDate;
        return quotes === 1 ? { body: dateQuote(travelDate) } : second.promise;
      },
    });
    const { user } = renderDialog({ kind: 'date' });
    await pickDay(user, 'Tuesday 18 June 2030');
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByTestId('change-total');
    await pickDay(user, 'Wednesday 19 June 2030');
    const confirm = confirmButton(dialog, 'Move my reservation to 19 June 2030');
    await waitFor(() => expect(confirm.disabled).toBe(true));
    expect(within(dialog).getByText('Updating the figures…')).toBeTruthy();
    await user.click(confirm);
    expect(api.callsTo(changePath)).toEqual([]);
    second.release({ body: dateQuote('2030-06-19') });
    await within(dialog).findByText(/\(2030-06-19\)$/);
    await waitFor(() => expect(confirm.disabled).toBe(false));
  });

  it('offers the next dates with room when the date is sold out (not its own), and quotes the one picked', async () => {
    const api = fakeApi({
      ...reads,
      [quotePath]: (call) => {
        const travelDate = (call.body as { travelDate: string }).travelDate;
        // The server counts the booking's own seats: its own date may come back as one with room.
        return travelDate === '2030-06-12'
          ? soldOut(['2030-06-13', '2030-06-15', '2030-06-16'])
          : { body: dateQuote(travelDate) };
      },
    });
    const { user } = renderDialog({ kind: 'date' });
    await pickDay(user, 'Wednesday 12 June 2030');
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('That date is sold out: choose another date')).toBeTruthy();
    const next = within(alert).getByRole('group', { name: 'Dates with room for your group:' });
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['13 June 2030', '16 June 2030']);
    expect(within(dialog).queryByRole('button', { name: /^Move my reservation/ })).toBeNull();

    await user.click(within(next).getByRole('button', { name: '16 June 2030' }));
    await within(dialog).findByTestId('change-total');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.callsTo(quotePath).at(-1)?.body).toEqual({
      kind: 'date',
      travelDate: '2030-06-16',
      refundTo: 'card',
    });
    expect(confirmButton(dialog, 'Move my reservation to 16 June 2030')).toBeTruthy();
  });

  it('shows the seats taken meanwhile (409 on Confirm) with the next dates, and quotes again', async () => {
    const api = fakeApi({
      ...reads,
      [quotePath]: (call) => {
        const travelDate = (call.body as { travelDate: string }).travelDate;
        // Quoted once with room; by the time of Confirm, gone.
        return api.callsTo(changePath).length === 0 || travelDate !== '2030-06-18'
          ? { body: dateQuote(travelDate) }
          : soldOut(['2030-06-23']);
      },
      [changePath]: soldOut(['2030-06-23']),
    });
    const { user, onChanged } = renderDialog({ kind: 'date' });
    await pickDay(user, 'Tuesday 18 June 2030');
    const dialog = screen.getByRole('dialog');
    await user.click(await readyConfirm(dialog, 'Move my reservation to 18 June 2030'));
    await waitFor(() => expect(api.callsTo(quotePath)).toHaveLength(2));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('That date is sold out: choose another date');
    await user.click(within(alert).getByRole('button', { name: '23 June 2030' }));
    await within(dialog).findByTestId('change-total');
    expect(confirmButton(dialog, 'Move my reservation to 23 June 2030')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a closed date and for a change too late", async () => {
    const tooLate =
      'Changes are taken until 4 days before the travel date: for anything else, write a request to the agency';
    fakeApi({ ...reads, [quotePath]: apiError(422, tooLate) });
    const { user, onClose } = renderDialog({ kind: 'date' });
    await pickDay(user, 'Tuesday 18 June 2030');
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(tooLate));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    const alert = within(dialog).getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('changing the type or category', () => {
  beforeEach(() => speak('en'));

  it("starts on the booking's own, quotes another, and changes it", async () => {
    const quote = answerOf('option', {
      total: 3400,
      balance: 800,
      status: 'partly_paid',
      lines: [
        { kind: 'price', amount: 800, reason: 'Price difference of the new type or category' },
      ],
    });
    const api = fakeApi({
      ...reads,
      [quotePath]: { body: quote },
      [changePath]: { status: 201, body: quote },
    });
    const { user, onChanged } = renderDialog({ kind: 'option' });
    const dialog = screen.getByRole('dialog', {
      name: `Change the type or category of reservation ${code}`,
    });
    const types = await within(dialog).findByRole('radiogroup', { name: 'Type' });
    expect(
      (within(types).getByRole('radio', { name: 'Group (now)' }) as HTMLInputElement).checked,
    ).toBe(true);
    const categories = within(dialog).getByRole('radiogroup', { name: 'Category' });
    expect(
      (within(categories).getByRole('radio', { name: 'Standard (now)' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      within(dialog).getByText('Choose another type or category to see what the change costs.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Change to/ })).toBeNull();

    await user.click(within(types).getByRole('radio', { name: 'Private' }));
    await within(dialog).findByTestId('change-total');
    expect(api.callsTo(quotePath).map((call) => call.body)).toEqual([
      { kind: 'option', typeId: PRIVATE, categoryId: STANDARD, refundTo: 'card' },
    ]);
    expect(within(dialog).getByText('Price difference of the new type or category')).toBeTruthy();
    expect(within(dialog).getByTestId('change-total').textContent).toBe('$3,400.00');
    expect(within(dialog).getByTestId('change-balance').textContent).toBe('$800.00');

    // And the category too: quoted again with both.
    await user.click(within(categories).getByRole('radio', { name: 'Superior' }));
    const confirm = confirmButton(dialog, 'Change to Private, Superior');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(api.callsTo(quotePath).at(-1)?.body).toEqual({
      kind: 'option',
      typeId: PRIVATE,
      categoryId: SUPERIOR,
      refundTo: 'card',
    });
    await user.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.callsTo(changePath)[0]?.body).toEqual({
      kind: 'option',
      typeId: PRIVATE,
      categoryId: SUPERIOR,
      refundTo: 'card',
    });
  });

  it('quotes a cheaper option again when the refund goes to the credit', async () => {
    const quote = (refundTo: 'card' | 'credit') =>
      answerOf('option', {
        total: 2200,
        refund: 400,
        refundTo,
        lines: [
          { kind: 'price', amount: -400, reason: 'Price difference of the new type or category' },
          {
            kind: 'refund',
            amount: 400,
            reason:
              refundTo === 'credit'
                ? 'Added to your credit with the agency, for any later booking'
                : 'Refunded to your card',
          },
        ],
      });
    const api = fakeApi({
      ...reads,
      [quotePath]: (call: ApiCall) => ({
        body: quote((call.body as { refundTo: 'card' | 'credit' }).refundTo),
      }),
      [changePath]: (call: ApiCall) => ({
        status: 201,
        body: quote((call.body as { refundTo: 'card' | 'credit' }).refundTo),
      }),
    });
    const { user, onChanged } = renderDialog({ kind: 'option' });
    const dialog = screen.getByRole('dialog');
    const categories = await within(dialog).findByRole('radiogroup', { name: 'Category' });
    await user.click(within(categories).getByRole('radio', { name: 'Superior' }));
    await within(dialog).findByText('Refunded to your card');
    expect(within(dialog).getByText('-$400.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /^As a credit with the agency/ }));
    await within(dialog).findByText('Added to your credit with the agency, for any later booking');
    const confirm = confirmButton(dialog, 'Change to Group, Superior');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.callsTo(changePath)[0]?.body).toEqual({
      kind: 'option',
      typeId: GROUP,
      categoryId: SUPERIOR,
      refundTo: 'credit',
    });
  });
});

describe('adding a passenger', () => {
  beforeEach(() => speak('en'));

  it("quotes the chosen customer type with the group's new price, and adds them", async () => {
    const quote = answerOf('addPassenger', {
      total: 3690,
      balance: 1090,
      status: 'partly_paid',
      lines: [
        {
          kind: 'price',
          amount: 1090,
          reason: "Price of the added passenger(s), at the group's new price",
        },
      ],
    });
    const api = fakeApi({
      ...reads,
      [quotePath]: { body: quote },
      [changePath]: { status: 201, body: quote },
    });
    const { user, onChanged } = renderDialog({ kind: 'addPassenger' });
    const dialog = screen.getByRole('dialog', { name: `Add a passenger to reservation ${code}` });
    const types = await within(dialog).findByRole('radiogroup', {
      name: 'Who is the new passenger?',
    });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([
      CustomerTypeId.adult,
      CustomerTypeId.student,
      CustomerTypeId.child,
      CustomerTypeId.baby,
    ]);
    expect(within(types).getByText('With an ISIC card')).toBeTruthy();
    expect(api.callsTo(quotePath)).toEqual([]);

    await user.click(within(types).getByRole('radio', { name: /^Student/ }));
    await within(dialog).findByTestId('change-total');
    expect(api.callsTo(quotePath)[0]?.body).toEqual({
      kind: 'addPassenger',
      customerTypeId: CustomerTypeId.student,
      refundTo: 'card',
    });
    // Five travellers now: every adult at the five's price.
    const group = within(dialog).getByRole('table', {
      name: "The group's new price (5 travellers)",
    });
    expect(
      within(group)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PassengerTravellersPrice each', 'Adult4$620.00 (was $650.00)', 'Student1$590.00']);
    expect(within(dialog).getByTestId('change-total').textContent).toBe('$3,690.00');
    await user.click(confirmButton(dialog, 'Add a passenger (Student)'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.callsTo(changePath)).toHaveLength(1);
    expect(api.callsTo(changePath)[0]?.body).toEqual({
      kind: 'addPassenger',
      customerTypeId: CustomerTypeId.student,
      refundTo: 'card',
    });
  });

  it('says plainly what to pay to keep the seats when the change asks for a new hold', async () => {
    const quote = answerOf('addPassenger', {
      paid: 1300,
      total: 3270,
      balance: 1970,
      status: 'pending_payment',
      lines: [
        {
          kind: 'price',
          amount: 670,
          reason: "Price of the added passenger(s), at the group's new price",
        },
      ],
    });
    fakeApi({ ...reads, [quotePath]: { body: quote } });
    const { user } = renderDialog(
      { kind: 'addPassenger' },
      detailOf('partly_paid', { payments: 1300, debt: 1300 }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /^Adult/ }));
    const hold = await within(dialog).findByTestId('change-new-hold');
    expect(hold.textContent).toBe(
      'You will need to pay $1,970.00 to keep your seats: after this change the reservation awaits payment again, and its seats are held for a limited time only, until its deposit is paid.',
    );
    expect(within(dialog).getByTestId('change-status').textContent).toBe('Awaiting payment');
  });

  it('says nothing of a new hold for a booking that was already awaiting payment', async () => {
    const quote = answerOf('addPassenger', {
      paid: 0,
      total: 3270,
      balance: 3270,
      status: 'pending_payment',
    });
    fakeApi({ ...reads, [quotePath]: { body: quote } });
    const { user } = renderDialog(
      { kind: 'addPassenger' },
      detailOf('pending_payment', { payments: 0, debt: 2600 }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /^Adult/ }));
    await within(dialog).findByTestId('change-total');
    expect(within(dialog).queryByTestId('change-new-hold')).toBeNull();
  });

  it("shows the server's refusal when there are no seats for one more", async () => {
    fakeApi({
      ...reads,
      [quotePath]: {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'Only 0 seats are left on that date',
          details: { seatsLeft: 0, nextDates: ['2030-06-19'] },
        },
      },
    });
    const { user } = renderDialog({ kind: 'addPassenger' });
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /^Adult/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Only 0 seats are left on that date');
    // Another date is a date move, not this change: none is offered here.
    expect(within(alert).queryByRole('group')).toBeNull();
  });
});

describe('removing a passenger', () => {
  beforeEach(() => speak('en'));

  const removePath = (detail: BookingDetail, number: number) => {
    const slot = detail.passangerRegistry[number - 1];
    if (!slot) throw new Error('no such passenger');
    return { kind: 'removePassenger' as const, slot };
  };

  it("quotes the removal at once, with the group's new price, and removes them", async () => {
    const detail = detailOf('paid');
    const quote = answerOf('removePassenger', {
      total: 2230,
      refund: 370,
      refundTo: 'card',
      lines: [
        {
          kind: 'price',
          amount: -500,
          reason: "Price taken off for the removed passenger(s), at the group's new price",
        },
        {
          kind: 'kept',
          amount: 130,
          reason: 'Kept under the terms: the deposit, which is not refundable',
        },
        { kind: 'refund', amount: 370, reason: 'Refunded to your card' },
      ],
    });
    const api = fakeApi({
      ...reads,
      [quotePath]: { body: quote },
      [changePath]: { status: 201, body: quote },
    });
    const { user, onChanged } = renderDialog(removePath(detail, 2), detail);
    const dialog = screen.getByRole('dialog', {
      name: `Remove passenger 2 from reservation ${code}`,
    });
    expect(within(dialog).getByTestId('change-removing').textContent).toBe(
      "Passenger 2, Julia Ccori (Adult), leaves the reservation, and their seat goes back on sale. The group's price changes with its size.",
    );
    expect(
      within(dialog).getByRole('status', { name: 'Working out what this change costs…' }),
    ).toBeTruthy();
    await within(dialog).findByTestId('change-total');
    expect(api.callsTo(quotePath)[0]?.body).toEqual({
      kind: 'removePassenger',
      slotId: detail.passangerRegistry[1]?.id,
      refundTo: 'card',
    });
    const group = await within(dialog).findByRole('table', {
      name: "The group's new price (3 travellers)",
    });
    expect(
      within(group)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PassengerTravellersPrice each', 'Adult3$700.00 (was $650.00)']);
    expect(within(dialog).getByTestId('change-refund').textContent).toBe('$370.00');
    expect(
      within(dialog).getByRole('radiogroup', { name: 'Where should the refund go?' }),
    ).toBeTruthy();
    await user.click(confirmButton(dialog, 'Yes, remove passenger 2'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.callsTo(changePath)[0]?.body).toEqual({
      kind: 'removePassenger',
      slotId: detail.passangerRegistry[1]?.id,
      refundTo: 'card',
    });
  });

  it("shows the server's refusal as it says it, and offers nothing to confirm", async () => {
    const refused =
      'A child cannot travel without an adult: remove the child too, or keep an adult';
    const detail = detailOf('paid');
    const api = fakeApi({ ...reads, [quotePath]: apiError(422, refused) });
    const { user, onClose } = renderDialog(removePath(detail, 1), detail);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(refused));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Yes, remove/ })).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
    const alert = within(dialog).getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(changePath)).toEqual([]);
  });
});

describe('the change dialog in Spanish', () => {
  beforeEach(() => speak('es'));

  it('speaks Spanish, and asks the quote in Spanish', async () => {
    const api = fakeApi({
      ...reads,
      [quotePath]: (call) => ({
        body: dateQuote((call.body as { travelDate: string }).travelDate),
      }),
    });
    const { user } = renderDialog({ kind: 'date' });
    const dialog = screen.getByRole('dialog', {
      name: `Pasar la reserva ${code} a otra fecha`,
    });
    await user.click(within(dialog).getByRole('button', { name: /^Nueva fecha de viaje/ }));
    await user.click(await screen.findByRole('button', { name: 'martes 18 junio 2030' }));
    await within(dialog).findByTestId('change-total');
    expect(api.callsTo(quotePath)[0]?.headers.get('accept-language')).toBe('es');
    expect(within(dialog).getByText('Cambio 300 días antes de la fecha de viaje.')).toBeTruthy();
    expect(within(dialog).getByTestId('change-total').textContent).toMatch(/^USD\s3,060\.00$/);
    expect(within(dialog).getByTestId('change-status').textContent).toBe('Pagada en parte');
    expect(
      within(dialog).getByRole('button', { name: 'Mover mi reserva al 18 de junio de 2030' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Dejarla como está' })).toBeTruthy();
  });
});

describe('changing from the booking detail', () => {
  beforeEach(() => speak('en'));

  /** The detail page, the API answering `detail` (and `after` once a change was made). */
  function openDetail(
    detail: BookingDetail,
    routes: Record<string, Reply | ((call: ApiCall) => Reply)> = {},
  ) {
    const api = fakeApi({
      [`GET tour/booking/${code}`]: { body: detail },
      'GET tour/credit': { body: { balance: 0, movements: [] } },
      ...reads,
      ...routes,
    });
    const router = createMemoryRouter(
      [{ path: '/main/booking/detail/:reservationcode', element: <BookingDetailPage /> }],
      { initialEntries: [`/main/booking/detail/${code}`] },
    );
    const app = renderInApp(<RouterProvider router={router} />);
    return { ...app, api };
  }

  const button = (name: string) => screen.queryByRole('button', { name: (text) => text === name });

  it.each(['pending_payment', 'confirmed', 'partly_paid', 'paid'] as const)(
    'offers the changes of a %s booking, and Remove on each passenger',
    async (status) => {
      openDetail(detailOf(status, { payments: 1300, debt: 1300 }));
      await screen.findByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' });
      const section = screen.getByRole('region', { name: 'Change this reservation' });
      for (const name of ['Move the date', 'Change type or category', 'Add a passenger']) {
        expect(within(section).getByRole('button', { name }), name).toBeTruthy();
      }
      for (const number of [1, 2, 3, 4]) {
        expect(button(`Remove passenger ${number}`), String(number)).toBeTruthy();
      }
    },
  );

  it.each(['travelled', 'expired', 'cancelled_by_customer', 'cancelled_by_agency'] as const)(
    'offers no change of a %s booking',
    async (status) => {
      openDetail(detailOf(status));
      await screen.findByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' });
      expect(screen.queryByRole('region', { name: 'Change this reservation' })).toBeNull();
      expect(button('Move the date')).toBeNull();
      expect(button('Remove passenger 1')).toBeNull();
    },
  );

  it('offers no Remove for the last passenger: removing them is cancelling', async () => {
    openDetail(detailOf('paid', { payments: 2600, debt: 0 }, 1));
    await screen.findByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' });
    expect(button('Move the date')).toBeTruthy();
    expect(button('Remove passenger 1')).toBeNull();
    expect(button('Edit passenger 1')).toBeTruthy();
  });

  it('moves the date: a toast, the dialog closed, the booking, list and credit read again', async () => {
    let moved = false;
    const before = detailOf('paid');
    const after = { ...before, booking: { ...before.booking, tripDate: '2030-06-18' } };
    const { user, api } = openDetail(before, {
      [`GET tour/booking/${code}`]: () => ({ body: moved ? after : before }),
      [quotePath]: { body: dateQuote('2030-06-18') },
      [changePath]: () => {
        moved = true;
        return { status: 201, body: dateQuote('2030-06-18') };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move the date' }));
    // The dialog's code loads when it is first opened (a loader of the same title meanwhile).
    const field = await screen.findByRole('button', { name: /^New travel date/ });
    const dialog = screen.getByRole('dialog', {
      name: `Move reservation ${code} to another date`,
    });
    await user.click(field);
    await user.click(await screen.findByRole('button', { name: 'Tuesday 18 June 2030' }));
    await user.click(await readyConfirm(dialog, 'Move my reservation to 18 June 2030'));
    const toast = (
      await screen.findByText(`Reservation ${code} is changed: $460.00 is left to pay.`)
    ).closest('[role="status"]');
    expect(toast?.textContent).toContain('Reservation changed');
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: `Move reservation ${code} to another date` }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByTestId('booking-header').textContent).toContain('Tue, 18 Jun 2030'),
    );
    const calls = api.routes();
    const changed = calls.indexOf(changePath);
    expect(calls.slice(changed)).toContain(`GET tour/booking/${code}`);
    expect(calls.slice(changed)).toContain('GET tour/credit');
  });

  it('removes a passenger from their card: the toast says where the refund went', async () => {
    const quote = answerOf('removePassenger', {
      total: 2100,
      refund: 500,
      refundTo: 'card',
      lines: [{ kind: 'refund', amount: 500, reason: 'Refunded to your card' }],
    });
    const { user } = openDetail(detailOf('paid'), {
      [quotePath]: { body: quote },
      [changePath]: { status: 201, body: quote },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove passenger 3' }));
    const confirm = await screen.findByRole('button', { name: 'Yes, remove passenger 3' });
    expect(
      within(
        screen.getByRole('dialog', { name: `Remove passenger 3 from reservation ${code}` }),
      ).getByRole('button', { name: 'Yes, remove passenger 3' }),
    ).toBe(confirm);
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await screen.findByText(`Reservation ${code} is changed: $500.00 is refunded to your card.`);
  });
});
