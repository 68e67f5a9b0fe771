import { describe, expect, it } from 'vitest';
import {
  crewBirthDateProblem,
  crewDocumentProblem,
  crewMemberRequest,
  crewShortfall,
  languageCodes,
  tourRulesRequest,
} from '../src/index.ts';

/** A valid roster entry: a licensed guide with a Peruvian DNI. */
const guide = {
  firstName: ' Rosa ',
  lastName: 'Huamán',
  role: 'guide',
  documentType: 'dni',
  documentNumber: '4512 3456',
  countryId: 'pe',
  birthDate: '1988-03-14',
  sex: 'female',
  phone: '+51 984 123 456',
  languages: ['ES', 'en', 'qu'],
  licenceNumber: 'GOT-1234',
  licenceExpiry: '2031-06-30',
};

/** The messages of a parse that fails, by field. */
function problems(body: object) {
  const result = crewMemberRequest.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('a crew member of the roster (issue 29)', () => {
  it('is kept trimmed: the document without spaces in capitals, the country in capitals, the languages in small letters', () => {
    const parsed = crewMemberRequest.parse(guide);
    expect(parsed).toMatchObject({
      firstName: 'Rosa',
      documentNumber: '45123456',
      countryId: 'PE',
      languages: ['es', 'en', 'qu'],
      active: true,
    });
  });

  it('takes empty optional fields as none', () => {
    const parsed = crewMemberRequest.parse({
      ...guide,
      role: 'porter',
      phone: '  ',
      sex: null,
      licenceNumber: '',
      licenceExpiry: null,
      languages: undefined,
    });
    expect(parsed).toMatchObject({
      phone: null,
      sex: null,
      licenceNumber: null,
      licenceExpiry: null,
      languages: [],
    });
  });

  it('refuses each field that is wrong, naming it', () => {
    const cases: [object, string, string][] = [
      [{ firstName: '' }, 'firstName', 'required'],
      [{ lastName: 'x'.repeat(51) }, 'lastName', 'tooLong50'],
      [{ role: 'chef' }, 'role', 'crewRoleInvalid'],
      [{ documentType: 'licence' }, 'documentType', 'crewDocumentInvalid'],
      [{ documentNumber: '1234567' }, 'documentNumber', 'crewDniInvalid'],
      [{ documentNumber: 'AB123456' }, 'documentNumber', 'crewDniInvalid'],
      [
        { documentType: 'passport', documentNumber: 'AB1' },
        'documentNumber',
        'crewDocumentInvalid',
      ],
      [
        { documentType: 'passport', documentNumber: 'AB12345678901' },
        'documentNumber',
        'crewDocumentInvalid',
      ],
      [{ countryId: 'PER' }, 'countryId', 'unknownCountry'],
      [{ birthDate: '1988-02-30' }, 'birthDate', 'invalidDate'],
      [{ birthDate: '' }, 'birthDate', 'required'],
      [{ phone: 'call me' }, 'phone', 'invalidPhone'],
      [{ phone: '1'.repeat(21) }, 'phone', 'tooLong20'],
      [{ languages: ['xx'] }, 'languages.0', 'crewLanguageInvalid'],
      [{ languages: ['spanish'] }, 'languages.0', 'crewLanguageInvalid'],
      [{ languages: ['es', 'ES'] }, 'languages', 'listedTwice'],
      [{ licenceNumber: 'GOT<1>' }, 'licenceNumber', 'crewLicenceNumberInvalid'],
      [{ licenceExpiry: '2031-13-01' }, 'licenceExpiry', 'invalidDate'],
      [{ licenceExpiry: '2200-01-01' }, 'licenceExpiry', 'invalidDate'],
      [{ licenceExpiry: null }, 'licenceExpiry', 'crewLicencePair'],
      [{ licenceNumber: null }, 'licenceNumber', 'crewLicencePair'],
      [{ active: 'yes' }, 'active', 'invalidInput'],
      [{ sex: 'other' }, 'sex', 'invalidInput'],
    ];
    for (const [change, field, message] of cases) {
      expect(problems({ ...guide, ...change })[field], JSON.stringify(change)).toBe(message);
    }
  });

  it('takes a DNI of 8 digits, and passports or foreign cards of 6 to 12 letters or digits', () => {
    expect(crewDocumentProblem('dni', '12345678')).toBeNull();
    expect(crewDocumentProblem('dni', '123456789')).toBe('crewDniInvalid');
    expect(crewDocumentProblem('passport', 'AB1234')).toBeNull();
    expect(crewDocumentProblem('foreign_card', '123456789012')).toBeNull();
    expect(crewDocumentProblem('foreign_card', 'ab1234')).toBe('crewDocumentInvalid');
  });

  it('is 18 to 80 years old today', () => {
    const today = '2027-05-10';
    expect(crewBirthDateProblem('2009-05-10', today)).toBeNull();
    expect(crewBirthDateProblem('2009-05-11', today)).toBe('crewAgeInvalid');
    expect(crewBirthDateProblem('1947-05-10', today)).toBeNull();
    expect(crewBirthDateProblem('1947-05-09', today)).toBe('crewAgeInvalid');
    expect(crewBirthDateProblem('10/05/1990', today)).toBe('invalidDate');
  });

  it('speaks languages of ISO 639-1 only', () => {
    expect(languageCodes).toContain('qu');
    expect(languageCodes).toContain('es');
    expect(languageCodes.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
    expect(new Set(languageCodes).size).toBe(languageCodes.length);
  });
});

describe("what is missing of a departure's crew", () => {
  it("is each role's shortfall, in the roster's order of roles, none where there is enough", () => {
    expect(crewShortfall({ guide: 2, cook: 1, porter: 5 }, ['porter', 'guide', 'porter'])).toEqual([
      { role: 'guide', count: 1 },
      { role: 'cook', count: 1 },
      { role: 'porter', count: 3 },
    ]);
    expect(crewShortfall({ guide: 1 }, ['guide', 'guide', 'driver'])).toEqual([]);
    expect(crewShortfall({}, [])).toEqual([]);
  });
});

describe("a tour's crew rule in the editor", () => {
  const rules = {
    revision: 1,
    leadDays: 0,
    closedMonths: [],
    weekdays: [1],
    capacity: null,
    privateGroups: null,
    staffRatio: 0,
    maxGroupSize: 8,
  };
  it('is optional (kept as it was), and within its ranges', () => {
    expect(tourRulesRequest.safeParse(rules).success).toBe(true);
    const ok = { ...rules, guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 };
    expect(tourRulesRequest.parse(ok)).toMatchObject({ guideEvery: 8, portersPerTraveller: 1.5 });
    for (const [field, value] of [
      ['guideEvery', -1],
      ['guideEvery', 100],
      ['guideEvery', 2.5],
      ['cooks', 21],
      ['portersPerTraveller', 10.5],
      ['portersPerTraveller', 1.25],
      ['portersPerTraveller', -0.1],
    ] as const) {
      expect(tourRulesRequest.safeParse({ ...rules, [field]: value }).success, field).toBe(false);
    }
  });
});
