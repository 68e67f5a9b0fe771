import { describe, expect, it } from 'vitest';
import {
  crewLockedFields,
  crewNeeded,
  licensedRoles,
  lockedChanges,
  lockedFieldGroups,
  passengerLockedFields,
} from '../src/rules/operations.ts';

describe('what a bought permit locks (issue 29)', () => {
  const before = {
    firstName: 'Ruth',
    lastName: 'Quispe',
    countryId: 'PE',
    birthDate: '1990-05-01',
    documentTypeId: 'passport',
    documentNumber: 'AB 12345',
    mobileNumber: '+51 984 000 000',
  };
  const all = [...lockedFieldGroups];

  it('names the groups a write changes, and lets the rest through', () => {
    expect(lockedChanges(passengerLockedFields, all, before, { ...before })).toEqual([]);
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, mobileNumber: '+1 555' }),
    ).toEqual([]);
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, lastName: 'Quispe Mamani' }),
    ).toEqual(['names']);
    expect(
      lockedChanges(passengerLockedFields, all, before, {
        ...before,
        countryId: 'CL',
        birthDate: '1990-05-02',
        documentNumber: 'X1',
      }),
    ).toEqual(['nationality', 'birthDate', 'documentNumber']);
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, documentTypeId: 'dni' }),
    ).toEqual(['documentNumber']);
  });

  it('reads document numbers without spaces or case, and other text trimmed but exact', () => {
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, documentNumber: 'ab12345' }),
    ).toEqual([]);
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, firstName: ' Ruth ' }),
    ).toEqual([]);
    expect(
      lockedChanges(passengerLockedFields, all, before, { ...before, firstName: 'ruth' }),
    ).toEqual(['names']);
    expect(lockedChanges(passengerLockedFields, all, { lastName: null }, { lastName: '' })).toEqual(
      [],
    );
    expect(lockedChanges(passengerLockedFields, all, {}, { lastName: '' })).toEqual([]);
    expect(lockedChanges(passengerLockedFields, all, {}, { lastName: 'Quispe' })).toEqual([
      'names',
    ]);
  });

  it('checks only the groups locked, and only the fields the write carries', () => {
    expect(
      lockedChanges(passengerLockedFields, ['names'], before, { ...before, countryId: 'CL' }),
    ).toEqual([]);
    expect(lockedChanges(passengerLockedFields, all, before, { mobileNumber: 'x' })).toEqual([]);
    expect(
      lockedChanges(crewLockedFields, all, { documentType: 'dni' }, { documentType: 'passport' }),
    ).toEqual(['documentNumber']);
  });
});

describe('every locked field of a passenger and of a crew member', () => {
  const changes = (fieldsOf: Record<string, readonly string[]>, field: string) =>
    lockedChanges(
      fieldsOf as typeof passengerLockedFields,
      all2,
      { [field]: 'a' },
      { [field]: 'b' },
    );
  const all2 = [...lockedFieldGroups];
  it.each([
    ['firstName', 'names'],
    ['lastName', 'names'],
    ['countryId', 'nationality'],
    ['birthDate', 'birthDate'],
    ['documentTypeId', 'documentNumber'],
    ['documentNumber', 'documentNumber'],
  ])('a passenger’s %s is locked as %s', (field, group) => {
    expect(changes(passengerLockedFields, field)).toEqual([group]);
  });
  it.each([
    ['firstName', 'names'],
    ['lastName', 'names'],
    ['countryId', 'nationality'],
    ['birthDate', 'birthDate'],
    ['documentType', 'documentNumber'],
    ['documentNumber', 'documentNumber'],
  ])('a crew member’s %s is locked as %s', (field, group) => {
    expect(changes(crewLockedFields, field)).toEqual([group]);
  });
  it('locks nothing else', () => {
    for (const field of ['mobileNumber', 'eMail', 'sexId', 'phone', 'role', 'languages'])
      expect(changes(passengerLockedFields, field)).toEqual([]);
  });
  it('asks a licence of guides and assistant guides only', () => {
    expect([...licensedRoles].sort()).toEqual(['assistant_guide', 'guide']);
  });
});

describe("the tour's crew rule", () => {
  const rule = { guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 };

  it('asks one guide per started group of travellers, the cooks, and porters rounded up', () => {
    expect(crewNeeded(rule, 0)).toEqual({});
    expect(crewNeeded(rule, 1)).toEqual({ guide: 1, cook: 1, porter: 2 });
    expect(crewNeeded(rule, 8)).toEqual({ guide: 1, cook: 1, porter: 12 });
    expect(crewNeeded(rule, 9)).toEqual({ guide: 2, cook: 1, porter: 14 });
    expect(crewNeeded({ guideEvery: 0, cooks: 0, portersPerTraveller: 0 }, 5)).toEqual({});
    // 0.1 × 30 is 3.0000000000000004 in floating point: still 3 porters.
    expect(crewNeeded({ guideEvery: 0, cooks: 0, portersPerTraveller: 0.1 }, 30)).toEqual({
      porter: 3,
    });
  });
});
