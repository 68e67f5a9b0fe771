// @vitest-environment happy-dom
import {
  type AdminIncident,
  CustomerTypeId,
  IncidentStatusId,
  IncidentTypeId,
} from '@cusco/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnswerModal } from '../src/features/admin/components/answer-modal.tsx';
import { i18n, loadLanguage } from '../src/lib/i18n.ts';
import { fakeApi } from './support/fake-api.ts';

/** The answer modal shows staff what a removal request removes before they accept (issue 26). */
const request: AdminIncident = {
  id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Remove a passenger',
  description: 'She cannot travel.',
  typeId: IncidentTypeId.removePassenger,
  type: 'Remove a passenger',
  statusId: IncidentStatusId.registered,
  status: 'Registered',
  bookingCode: 'CT-ABC123',
  tour: 'Classic Inca Trail 4D/3N',
  customerName: 'Nilda Huaman',
  customerEmail: 'nilda@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  ageDays: 2,
  ageHours: 50,
  response: null,
  observation: null,
  answeredBy: null,
  target: {
    kind: 'passenger',
    everyPassenger: false,
    gone: false,
    passengers: [
      {
        position: 2,
        name: 'Lucía Mamani',
        customerTypeId: CustomerTypeId.adult,
        customerType: 'Adult',
      },
    ],
    service: null,
  },
};

function show(shown: AdminIncident) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <AnswerModal request={shown} onClose={() => undefined} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

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

const notesPath = `admin/incidents/${request.id}/notes`;
const note = {
  id: 'a1',
  text: 'Called her hotel: she confirms.',
  author: 'Rosa Agent',
  createdAt: '2026-11-20T12:00:00.000Z',
};
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    [`GET ${notesPath}`]: { body: [note] },
    [`POST ${notesPath}`]: { status: 201, body: [note] },
  });
});

describe('AnswerModal', () => {
  it('names the passenger a removal removes, with their type and position', () => {
    show(request);
    expect(screen.getByText('Passenger 2 · Lucía Mamani (Adult)')).toBeTruthy();
  });

  it('says when the passenger is not yet named, and shows a service with its quantity', () => {
    show({
      ...request,
      target: {
        kind: 'passenger',
        everyPassenger: false,
        gone: false,
        passengers: [
          { position: 3, name: null, customerTypeId: CustomerTypeId.child, customerType: 'Child' },
        ],
        service: null,
      },
    });
    expect(screen.getByText('Passenger 3, not yet named (Child)')).toBeTruthy();
    cleanup();
    show({
      ...request,
      typeId: IncidentTypeId.removeAdditionalService,
      target: {
        kind: 'service',
        everyPassenger: false,
        gone: false,
        passengers: [],
        service: { name: 'Porter', option: 'Up to 7 kg', quantity: 2 },
      },
    });
    expect(screen.getByText('Porter (Up to 7 kg) × 2')).toBeTruthy();
  });

  it('says that removing every passenger cancels the booking, and lists them', () => {
    show({
      ...request,
      target: {
        kind: 'passenger',
        everyPassenger: true,
        gone: false,
        passengers: [
          {
            position: 1,
            name: 'Lucía Mamani',
            customerTypeId: CustomerTypeId.adult,
            customerType: 'Adult',
          },
          { position: 2, name: null, customerTypeId: CustomerTypeId.baby, customerType: 'Baby' },
        ],
        service: null,
      },
    });
    expect(screen.getByText('Every passenger: accepting cancels the booking')).toBeTruthy();
    expect(screen.getByText('Passenger 1 · Lucía Mamani (Adult)')).toBeTruthy();
    expect(screen.getByText('Passenger 2, not yet named (Baby)')).toBeTruthy();
  });

  it('says when what it removes is no longer on the booking, and shows nothing for other requests', () => {
    show({
      ...request,
      target: {
        kind: 'passenger',
        everyPassenger: false,
        gone: true,
        passengers: [],
        service: null,
      },
    });
    expect(screen.getByText('No longer on the booking')).toBeTruthy();
    cleanup();
    show({ ...request, typeId: IncidentTypeId.freeSubject, name: 'Meals', target: null });
    expect(screen.getByText('Meals')).toBeTruthy();
    expect(screen.queryByTestId('removal-target')).toBeNull();
  });

  it("labels the observation as the customer's, and keeps staff notes apart, never in the answer", async () => {
    show(request);
    expect(screen.getByLabelText(/^Observation \(the customer sees it\)/)).toBeTruthy();
    const notes = screen.getByTestId('staff-notes');
    expect(await within(notes).findByText('Called her hotel: she confirms.')).toBeTruthy();
    expect(
      within(notes).getByText('Only staff see these notes: the customer never does.'),
    ).toBeTruthy();
    expect(api.routes()).toEqual([`GET ${notesPath}`]);
  });
});
