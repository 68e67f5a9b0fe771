// @vitest-environment happy-dom
import type { DepartureUpdateRequest } from '@cusco/shared';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const mutate = vi.fn();
vi.mock('../src/features/admin/api/admin-api.ts', () => ({
  useManageDeparture: () => ({ mutate, reset: () => undefined, error: null, isPending: false }),
}));

const { DepartureModal } = await import('../src/features/admin/components/departure-modal.tsx');

afterEach(() => {
  cleanup();
  mutate.mockReset();
});

/** The body the modal sends when saved after `edit`. */
async function sent(edit: () => void): Promise<DepartureUpdateRequest> {
  render(
    <MantineProvider>
      <DepartureModal
        opened
        onClose={() => undefined}
        initial={{
          tourCode: '100401',
          date: '2030-05-06',
          capacity: 12,
          permits: 30,
          privateGroups: 2,
          status: 'closed',
          reason: 'Landslide',
        }}
      />
    </MantineProvider>,
  );
  edit();
  fireEvent.submit(screen.getByRole('dialog').querySelector('form') as HTMLFormElement);
  await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
  return mutate.mock.calls[0]?.[0].body;
}

/** The form's field of `figure`. */
const field = (figure: string) =>
  screen.getByRole('dialog').querySelector(`input[data-path="${figure}"]`) as HTMLInputElement;

describe('DepartureModal', () => {
  it('sends every figure, and null for one the user cleared (never leaves it out)', async () => {
    const body = await sent(() => fireEvent.change(field('permits'), { target: { value: '' } }));
    expect(body).toEqual({
      capacity: 12,
      permits: null,
      privateGroups: 2,
      status: 'closed',
      reason: 'Landslide',
    });
  });

  it('sends the figures as the day had them when the user changes only one', async () => {
    const body = await sent(() => fireEvent.change(field('capacity'), { target: { value: '14' } }));
    expect(body).toEqual({
      capacity: 14,
      permits: 30,
      privateGroups: 2,
      status: 'closed',
      reason: 'Landslide',
    });
  });

  it('refuses to close a day without a reason, under the reason, and sends nothing (issue 28)', async () => {
    render(
      <MantineProvider>
        <DepartureModal
          opened
          onClose={() => undefined}
          initial={{ tourCode: '100401', date: '2030-05-06', status: 'closed', reason: '' }}
        />
      </MantineProvider>,
    );
    fireEvent.submit(screen.getByRole('dialog').querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(field('reason').getAttribute('aria-invalid')).toBe('true'));
    expect(field('reason').required).toBe(true);
    expect(mutate).not.toHaveBeenCalled();
  });
});
