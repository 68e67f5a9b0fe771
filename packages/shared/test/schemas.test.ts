import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginRequest, registerRequest } from '../src/api/auth.ts';
import { cleanTourCode } from '../src/api/tours.ts';
import { addYears, todayInLima } from '../src/rules/dates.ts';

const valid = {
  name: 'Ana',
  lastname: 'Quispe',
  email: 'Ana.Quispe@Example.com',
  mobile: '+51 984 000 111',
  birthdate: '1990-05-17',
  password: 'Machu-Picchu-1911',
  countryId: 'PE',
};

const dayAfter = (date: string) => dayjs(date).add(1, 'day').format('YYYY-MM-DD');

const firstIssue = (input: unknown) => {
  const result = registerRequest.safeParse(input);
  return result.success
    ? undefined
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
};

describe('registerRequest', () => {
  it('accepts a valid sign-up, trimming names and lowering the e-mail', () => {
    const parsed = registerRequest.parse({ ...valid, name: '  Ana  ' });
    expect(parsed).toMatchObject({
      name: 'Ana',
      email: 'ana.quispe@example.com',
      isPassanger: false,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ name: 'x'.repeat(51) }, 'name', 'tooLong50'],
    [{ mobile: '1'.repeat(21) }, 'mobile', 'tooLong20'],
    [{ email: 'ana' }, 'email', 'invalidEmail'],
    [{ password: 'seven77' }, 'password', 'passwordTooShort'],
    [{ birthdate: '1899-12-31' }, 'birthdate', 'dateBefore1900'],
    [{ birthdate: dayAfter(addYears(todayInLima(), -18)) }, 'birthdate', 'mustBeAdult'],
  ])('refuses %j with %s: %s', (change, path, message) => {
    expect(firstIssue({ ...valid, ...change })).toEqual({ path, message });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string(),
          lastname: fc.string(),
          email: fc.oneof(fc.string(), fc.emailAddress()),
          mobile: fc.string(),
          birthdate: fc.string(),
          password: fc.string(),
          countryId: fc.string(),
        }),
        (input) => {
          expect(() => registerRequest.safeParse(input)).not.toThrow();
        },
      ),
    );
  });

  it('accepts well-formed sign-ups, and what it accepts obeys the limits', () => {
    const text = (max: number) =>
      fc
        .string({ minLength: 1, maxLength: max })
        .filter((value) => value.trim().length > 0 && value.trim().length <= max);
    const adultBirthDate = fc
      .date({ min: new Date('1930-01-01'), max: new Date('2000-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          name: text(50),
          lastname: text(50),
          email: fc
            .tuple(
              fc.stringMatching(/^[a-z0-9]{1,20}$/),
              fc.stringMatching(/^[a-z0-9]{1,15}\.[a-z]{2,6}$/),
            )
            .map(([local, domain]) => `${local}@${domain}`),
          mobile: fc.stringMatching(/^\+?[0-9 ()-]{1,20}$/).filter((value) => value.trim() !== ''),
          birthdate: adultBirthDate,
          password: fc.string({ minLength: 8, maxLength: 128 }),
          countryId: fc.constant('PE'),
        }),
        (input) => {
          const result = registerRequest.safeParse(input);
          if (!result.success) return;
          accepted++;
          expect(result.data.name.length).toBeGreaterThan(0);
          expect(result.data.name.length).toBeLessThanOrEqual(50);
          expect(result.data.password.length).toBeGreaterThanOrEqual(8);
          expect(result.data.email).toBe(result.data.email.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
    // Nearly every well-formed input passes (a phone of only "+" or spaces does not).
    expect(accepted).toBeGreaterThan(250);
  });
});

describe('loginRequest', () => {
  it('requires both fields', () => {
    expect(loginRequest.safeParse({ username: 'a@b.co', password: '' }).success).toBe(false);
    expect(loginRequest.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(loginRequest.parse({ username: 'A@B.CO', password: 'x' }).username).toBe('a@b.co');
  });
});

describe('cleanTourCode', () => {
  it.each([
    ['100401', '100401'],
    ['100-401', '100401'],
    ['tour-100401', '100401'],
    ['10 04 01', '100401'],
  ])('cleans %j to %s', (raw, code) => {
    expect(cleanTourCode(raw)).toBe(code);
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses %j', (raw) => {
    expect(cleanTourCode(raw)).toBeNull();
  });

  it('answers six digits or nothing, for any text', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const code = cleanTourCode(raw);
        expect(code === null || /^\d{6}$/.test(code)).toBe(true);
      }),
    );
  });
});
