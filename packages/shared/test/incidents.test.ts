import { describe, expect, it } from 'vitest';
import { IncidentStatusId, IncidentTypeId } from '../src/ids.ts';
import {
  agencyTransitions,
  customerMayDelete,
  customerMayEdit,
  customerTransition,
  EVERY_PASSENGER,
  incidentTarget,
  showsAnswer,
} from '../src/rules/incidents.ts';

const { registered, inProgress, answered, closed, cancelled } = IncidentStatusId;

describe('the incident status machine (docs/incidents.md)', () => {
  it('gives the customer one move from each open status, and none from a final one', () => {
    expect(customerTransition).toEqual({
      [registered]: cancelled,
      [inProgress]: cancelled,
      [answered]: closed,
      [closed]: null,
      [cancelled]: null,
    });
  });

  it('lets the agency answer or take up a request, and reopen an answer; never a final one', () => {
    expect(agencyTransitions).toEqual({
      [registered]: [inProgress, answered],
      [inProgress]: [answered],
      [answered]: [inProgress],
      [closed]: [],
      [cancelled]: [],
    });
  });

  it.each([
    ['registered', false, true, true],
    ['inProgress', false, true, true],
    ['answered', true, false, false],
    ['closed', true, false, false],
    ['cancelled', false, false, true],
  ] as const)(
    '%s: shows the answer %s, the customer may edit %s, may delete %s',
    (name, shows, edit, remove) => {
      const status = IncidentStatusId[name];
      expect(showsAnswer(status)).toBe(shows);
      expect(customerMayEdit(status)).toBe(edit);
      expect(customerMayDelete(status)).toBe(remove);
    },
  );

  it('names what a removal request removes', () => {
    expect(incidentTarget(IncidentTypeId.removePassenger)).toBe('passenger');
    expect(incidentTarget(IncidentTypeId.removeAdditionalService)).toBe('service');
    expect(incidentTarget(IncidentTypeId.addPassenger)).toBeNull();
    expect(incidentTarget(IncidentTypeId.freeSubject)).toBeNull();
  });
});

describe('the wire of a removal request', () => {
  it("names every passenger of the booking with the word 'all' (docs/incidents.md)", () => {
    expect(EVERY_PASSENGER).toBe('all');
  });
});
