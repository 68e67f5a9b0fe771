// @vitest-environment happy-dom
import { type Incident, IncidentStatusId, IncidentTypeId } from '@cusco/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IncidentFormModal } from '../src/features/incidents/components/incident-form.tsx';
import { i18n, loadLanguage } from '../src/lib/i18n.ts';

/** The API's answers: the request's, when the test gives it; the others, never. */
const server = vi.hoisted(() => {
  const state: {
    reads: string[];
    answer: (value: unknown) => void;
    answerTypes: (value: unknown) => void;
  } = {
    reads: [],
    answer: () => undefined,
    answerTypes: () => undefined,
  };
  return state;
});
vi.mock('../src/lib/api-client.ts', () => ({
  api: {
    get: (path: string) => {
      server.reads.push(path);
      return new Promise((resolve) => {
        if (path.startsWith('incident/0b7c')) server.answer = resolve;
        if (path === 'incident/list/types') server.answerTypes = resolve;
      });
    },
    page: () => new Promise(() => undefined),
  },
}));

/**
 * A request opened again is read again before its form shows: a stale copy is never acted on,
 * and the form is never replaced under a confirmation the customer is answering (a browser test
 * lost the "status changed" notice that way, 1 run in 2 under load).
 */
const incident: Incident = {
  id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Remove a passenger',
  description: 'She cannot travel.',
  typeId: IncidentTypeId.removePassenger,
  statusId: IncidentStatusId.registered,
  bookingId: 'CT-ABC123',
  observation: null,
  response: null,
  adviserId: null,
  adviserName: null,
  modifiedOn: '2026-11-20T10:00:00.000Z',
  type: 'Remove a passenger',
  bookingName: 'CT-ABC123 · Classic Inca Trail 4D/3N',
  status: 'Registered',
  targetId: 'all',
  targetName: 'Every passenger (cancels the booking)',
  nextStatusId: IncidentStatusId.cancelled,
  nextStatus: 'Cancelled',
  editable: true,
  deletable: true,
};

/** The kinds of request, as GET incident/list/types answers them in English. */
const types = [
  { value: IncidentTypeId.removePassenger, label: 'Remove a passenger' },
  { value: IncidentTypeId.freeSubject, label: 'Other subject' },
];

beforeAll(async () => {
  // happy-dom has no font loading, which Mantine's autosized text areas listen to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  await loadLanguage('en');
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('IncidentFormModal', () => {
  it('shows a request read before only once it is read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['incident', incident.id, 'en'], { ...incident, description: 'Old' });
    client.setQueryData(['incident-options', 'types', 'en'], types);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ModalsProvider>
            <IncidentFormModal
              target={{ kind: 'edit', id: incident.id }}
              onDone={() => undefined}
              onCancel={() => undefined}
            />
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(server.reads).toContain(`incident/${incident.id}`);
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByDisplayValue('Old')).toBeNull();

    await act(async () => server.answer(incident));
    expect(await screen.findByRole('button', { name: 'Change status' })).toBeTruthy();
    expect(screen.getByDisplayValue('She cannot travel.')).toBeTruthy();
  });

  it("shows a new request's form only once the kinds of request are known", async () => {
    // Saved before they came, a filled form was refused with "complete all fields": its type
    // is checked against them (a browser test on a busy machine).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ModalsProvider>
            <IncidentFormModal
              target={{
                kind: 'new',
                bookingId: 'CT-ABC123',
                typeId: IncidentTypeId.freeSubject,
                lockBooking: true,
              }}
              onDone={() => undefined}
              onCancel={() => undefined}
            />
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(server.reads).toContain('incident/list/types');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await act(async () => server.answerTypes(types));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Type/ }).getAttribute('value')).toBe(
      'Other subject',
    );
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
