// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkDeparturesModal } from '../src/features/admin/components/bulk-departures-modal.tsx';
import { DepartureModal } from '../src/features/admin/components/departure-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * A back-office action the server refuses says so once, in the form that asked, which stays open
 * to correct it: no "Error" dialog opens on top of the form as well.
 */
afterEach(resetApp);
beforeEach(() => speak('en'));

const refusal = apiError(422, 'The permits cannot be fewer than the travellers booked (14)', {
  code: 'BUSINESS_RULE',
  field: 'permits',
});

describe('a refused back-office action', () => {
  it('is shown once, in the departure form', async () => {
    const api = fakeApi({ 'PUT admin/departures/100401/2030-05-06': refusal });
    const { user } = renderInApp(
      <DepartureModal
        opened
        onClose={() => undefined}
        initial={{
          tourCode: '100401',
          date: '2030-05-06',
          capacity: 12,
          permits: 30,
          privateGroups: 2,
          status: 'open',
          reason: '',
        }}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save departure' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The permits cannot be fewer than the travellers booked (14)',
    );
    expect(api.routes()).toEqual(['PUT admin/departures/100401/2030-05-06']);
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
  });

  it('is shown once, in the bulk form', async () => {
    fakeApi({ 'POST admin/tours/100401/departures': refusal });
    const { user } = renderInApp(
      <BulkDeparturesModal tourCode="100401" opened onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^From/), '2030-05-01');
    await user.type(within(dialog).getByLabelText(/^To/), '2030-05-31');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The permits cannot be fewer than the travellers booked (14)',
    );
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
  });
});
