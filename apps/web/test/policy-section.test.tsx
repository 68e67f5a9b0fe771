// @vitest-environment happy-dom
import type { AdminTourEditor, ChangePolicyView } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PoliciesSection } from '../src/features/admin/components/tour-editor/policy-section.tsx';
import { EditorProvider } from '../src/features/admin/components/tour-editor/section.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * The catalogue editor's change policy section (issue 27): both audiences in tabs, the windows as
 * a list, the deposit switch, the tickets, the fees and the last day; validated by the shared
 * schema before anything is sent; saved with the revision shown, as the other sections are.
 */
const code = '200402';
const savePath = `PUT admin/tours/${code}/policies`;

const standard: ChangePolicyView = {
  windows: [
    { daysBefore: 30, keepPercent: 50 },
    { daysBefore: 10, keepPercent: 80 },
    { daysBefore: 3, keepPercent: 100 },
  ],
  keepDeposit: true,
  permitCost: 0,
  entranceCost: 0,
  trainCost: 0,
  dateChangeFee: 115,
  nameChangeFee: 115,
  lastChangeDays: 4,
};
const corporate: ChangePolicyView = {
  ...standard,
  windows: [
    { daysBefore: 30, keepPercent: 50 },
    { daysBefore: 9, keepPercent: 80 },
    { daysBefore: 2, keepPercent: 100 },
  ],
  keepDeposit: false,
  lastChangeDays: 3,
};

/** An editable tour (as GET admin/tours/{code} answers it), with these policies. */
const tourWith = (policies: AdminTourEditor['policies'], revision = 7): AdminTourEditor => ({
  code,
  revision,
  active: true,
  nameEn: 'Choquequirao Trek 4D/3N',
  nameEs: 'Caminata a Choquequirao 4D/3N',
  family: 'Alternative Trek',
  days: 4,
  nights: 3,
  hotelNights: 0,
  itinerary: [],
  included: [],
  notIncluded: [],
  prices: [],
  hotelPrices: [],
  offers: [],
  related: [],
  rules: {
    leadDays: 2,
    closedMonths: [],
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    capacity: null,
    privateGroups: null,
    staffRatio: 0,
    maxGroupSize: 16,
    guideEvery: 0,
    cooks: 0,
    portersPerTraveller: 0,
  },
  policies,
  choices: {
    types: [],
    categories: [],
    customerTypes: [],
    hotelTypes: [],
    roomTypes: [],
    services: [],
    tours: [],
  },
});

function renderSection(tour = tourWith({ standard, corporate }), canEdit = true) {
  const view = renderInApp(
    <EditorProvider value={{ tour, canEdit, reload: () => undefined }}>
      <PoliciesSection />
    </EditorProvider>,
  );
  // The revision a save names is the one the editor's query holds (useSaveTourSection).
  for (const language of ['en', 'es']) {
    view.queryClient.setQueryData(['admin', 'catalogue', 'tour', code, language], tour);
  }
  return view;
}

const section = () => screen.getByRole('region', { name: 'Change policy' });
const panel = () => within(section()).getByRole('tabpanel');
const input = (label: string | RegExp) => within(panel()).getByLabelText(label) as HTMLInputElement;

async function retype(
  user: ReturnType<typeof renderInApp>['user'],
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

afterEach(resetApp);

describe('the change policy section', () => {
  it('shows the public terms, and the corporate ones in their tab', async () => {
    await speak('en');
    fakeApi({});
    const { user } = renderSection();
    const tabs = within(section()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Public bookings', 'Corporate bookings']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(input('Window 1: days before travel, or fewer').value).toBe('30');
    expect(input('Window 2: share of the price kept (%)').value).toBe('80 %');
    expect(input('Window 3: days before travel, or fewer').value).toBe('3');
    expect(
      (
        within(panel()).getByRole('switch', {
          name: /The deposit is not refundable/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(input(/^Date change fee \(USD\)/).value).toBe('$115.00');
    expect(input(/^Last day for changes/).value).toBe('4');

    await user.click(within(section()).getByRole('tab', { name: 'Corporate bookings' }));
    expect(input('Window 2: days before travel, or fewer').value).toBe('9');
    expect(input(/^Last day for changes/).value).toBe('3');
    expect(
      (
        within(panel()).getByRole('switch', {
          name: /The deposit is not refundable/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });

  it('adds and removes windows, edits the rest, and saves both policies with the revision shown', async () => {
    await speak('en');
    const saved = tourWith(
      {
        standard: {
          ...standard,
          windows: [
            { daysBefore: 200, keepPercent: 100 },
            { daysBefore: 30, keepPercent: 50 },
            { daysBefore: 3, keepPercent: 100 },
          ],
          keepDeposit: false,
          trainCost: 72.5,
        },
        corporate: { ...corporate, nameChangeFee: 60 },
      },
      8,
    );
    const api = fakeApi({ [savePath]: { body: saved } });
    const { user } = renderSection();

    // The second window goes; a new one keeps everything from 200 days.
    await user.click(within(panel()).getByRole('button', { name: 'Remove window 2' }));
    await user.click(within(panel()).getByRole('button', { name: 'Add a window' }));
    await user.type(input('Window 3: days before travel, or fewer'), '200');
    await user.type(input('Window 3: share of the price kept (%)'), '100');
    await user.click(
      within(panel()).getByRole('switch', { name: /The deposit is not refundable/ }),
    );
    await retype(user, input(/^Train tickets/), '72.5');

    await user.click(within(section()).getByRole('tab', { name: 'Corporate bookings' }));
    await retype(user, input(/^Name or passport change fee/), '60');

    await user.click(within(section()).getByRole('button', { name: 'Save the policy' }));
    await screen.findByText('Saved. Visitors see the change now.');
    expect(api.routes()).toEqual([savePath]);
    expect(api.calls[0]?.body).toEqual({
      revision: 7,
      standard: {
        ...standard,
        windows: [
          { daysBefore: 30, keepPercent: 50 },
          { daysBefore: 3, keepPercent: 100 },
          { daysBefore: 200, keepPercent: 100 },
        ],
        keepDeposit: false,
        trainCost: 72.5,
      },
      corporate: { ...corporate, nameChangeFee: 60 },
    });
    // The form starts over from the answer (the server orders the windows).
    await user.click(within(section()).getByRole('tab', { name: 'Public bookings' }));
    expect(input('Window 1: days before travel, or fewer').value).toBe('200');
  });

  it('refuses what the shared schema refuses, under each field, and sends nothing', async () => {
    await speak('en');
    const api = fakeApi({});
    const { user } = renderSection();
    const save = () =>
      user.click(within(section()).getByRole('button', { name: 'Save the policy' }));
    await retype(user, input('Window 1: days before travel, or fewer'), '10');
    await retype(user, input('Window 3: share of the price kept (%)'), '');
    await retype(user, input(/^Date change fee/), '');
    await save();
    expect(input('Window 3: share of the price kept (%)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(
      within(panel()).getByText('The share kept is a whole percentage from 0 to 100'),
    ).toBeTruthy();
    expect(input(/^Date change fee/).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(panel()).getByText(
        'Enter a price from 0 to 100,000 dollars, with at most two decimals',
      ),
    ).toBeTruthy();

    // Those put right, the day listed twice is said on the second window.
    await user.type(input('Window 3: share of the price kept (%)'), '100');
    await user.type(input(/^Date change fee/), '115');
    await save();
    expect(input('Window 2: days before travel, or fewer').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(within(panel()).getByText('This is listed twice: keep one')).toBeTruthy();
    expect(input('Window 1: days before travel, or fewer').getAttribute('aria-invalid')).toBeNull();

    expect(api.calls).toEqual([]);
  });

  it('shows the corporate tab when only its fields are refused, marked to be checked', async () => {
    await speak('en');
    const api = fakeApi({});
    const { user } = renderSection();
    await user.click(within(section()).getByRole('tab', { name: 'Corporate bookings' }));
    await retype(user, input(/^Last day for changes/), '');
    await user.click(within(section()).getByRole('tab', { name: 'Public bookings' }));
    await user.click(within(section()).getByRole('button', { name: 'Save the policy' }));

    await waitFor(() =>
      expect(
        within(section())
          .getByRole('tab', { name: /^Corporate bookings/ })
          .getAttribute('aria-selected'),
      ).toBe('true'),
    );
    expect(within(section()).getByRole('tab', { name: 'Corporate bookings Check' })).toBeTruthy();
    expect(
      within(panel()).getByText('Days before travel: a whole number from 0 to 365'),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('takes ten windows at most: the add button is disabled then', async () => {
    await speak('en');
    fakeApi({});
    const ten = Array.from({ length: 10 }, (_, day) => ({ daysBefore: day, keepPercent: 100 }));
    renderSection(tourWith({ standard: { ...standard, windows: ten }, corporate }));
    const add = within(panel()).getByRole('button', {
      name: 'Add a window',
    }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(within(panel()).getByText('At most 10 windows.')).toBeTruthy();
  });

  it('says when someone else saved first, and offers to reload', async () => {
    await speak('en');
    fakeApi({
      [savePath]: apiError(
        409,
        'Someone else saved this tour after you opened it. Reload it to see their changes, then make yours again.',
        { code: 'CONFLICT' },
      ),
    });
    const { user } = renderSection();
    await user.click(within(section()).getByRole('button', { name: 'Save the policy' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this tour after you opened it.');
    expect(within(alert).getByRole('button', { name: 'Reload the tour' })).toBeTruthy();
  });

  it('is read-only for an agent: no save, no add or remove, fields not editable', async () => {
    await speak('en');
    fakeApi({});
    renderSection(undefined, false);
    expect(within(section()).queryByRole('button', { name: 'Save the policy' })).toBeNull();
    expect(within(section()).queryByRole('button', { name: /Add a window/ })).toBeNull();
    expect(within(section()).queryByRole('button', { name: /Remove window/ })).toBeNull();
    expect(input('Window 1: days before travel, or fewer').readOnly).toBe(true);
    expect(
      (
        within(panel()).getByRole('switch', {
          name: /The deposit is not refundable/,
        }) as HTMLInputElement
      ).disabled,
    ).toBe(true);
  });

  it('speaks Spanish', async () => {
    await speak('es');
    fakeApi({});
    renderSection();
    const region = screen.getByRole('region', { name: 'Política de cambios' });
    expect(
      within(region)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Reservas del público', 'Reservas corporativas']);
    expect(
      within(within(region).getByRole('tabpanel')).getByLabelText(
        'Ventana 1: días antes del viaje, o menos',
      ),
    ).toBeTruthy();
    expect(
      within(region).getByRole('button', {
        name: 'Agregar una ventana',
      }),
    ).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Guardar la política' })).toBeTruthy();
  });
});
