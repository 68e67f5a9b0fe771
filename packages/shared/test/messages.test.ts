import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import es from '../src/locales/es.json';
import { fillPlaceholders, isMessageKey, messageCatalog, translate } from '../src/messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has the same keys in English and Spanish, and no other', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(100);
  });

  it('has every message in English and Spanish, with the same placeholders', () => {
    const english = messageCatalog('en');
    const spanish = messageCatalog('es');
    for (const key of Object.keys(en)) {
      if (!isMessageKey(key.replace(/_(one|other)$/, ''))) throw new Error(`${key} is not known`);
      const [inEnglish = '', inSpanish = ''] = [english[key], spanish[key]];
      expect(typeof english[key], key).toBe('string');
      expect(typeof spanish[key], key).toBe('string');
      expect(inEnglish.trim(), key).not.toBe('');
      expect(inSpanish.trim(), key).not.toBe('');
      expect(placeholders(inSpanish), key).toEqual(placeholders(inEnglish));
    }
  });

  it("has each counted message's forms for one and for more, and counts with {{count}}", () => {
    const counted = Object.keys(en).filter((key) => /_(one|other)$/.test(key));
    expect(counted.length).toBeGreaterThan(10);
    for (const key of counted) {
      const base = key.replace(/_(one|other)$/, '');
      expect(Object.keys(en), key).toEqual(
        expect.arrayContaining([`${base}_one`, `${base}_other`]),
      );
      expect(Object.hasOwn(en, base), key).toBe(false);
      expect(placeholders((en as Record<string, string>)[key] ?? ''), key).toContain('count');
    }
  });

  it('says one seat, one day, one minute, and more of them, in both languages', () => {
    expect(translate('notEnoughSeats', 'en', { count: 1 })).toBe(
      'Only 1 seat is left on that date',
    );
    expect(translate('notEnoughSeats', 'en', { count: 3 })).toBe(
      'Only 3 seats are left on that date',
    );
    expect(translate('notEnoughSeats', 'es', { count: 1 })).toBe('Solo queda 1 lugar en esa fecha');
    expect(translate('notEnoughSeats', 'es', { count: 0 })).toBe(
      'Solo quedan 0 lugares en esa fecha',
    );
    expect(translate('closedLeadTime', 'en', { count: 1 })).toBe(
      'Book at least 1 day before travel',
    );
    expect(translate('closedLeadTime', 'es', { count: 2 })).toBe(
      'Reserve con al menos 2 días de anticipación',
    );
    expect(translate('tooManyAttempts', 'en', { count: 1 })).toMatch(/in 1 minute\.$/);
    expect(translate('tooManyAttempts', 'es', { count: 15 })).toMatch(/en 15 minutos\.$/);
    // Without a count, the form for more.
    expect(translate('groupTooLarge', 'en')).toContain('{{count}} passengers');
  });

  it('keeps the spec texts word for word', () => {
    expect(translate('required', 'en')).toBe('Please fill in the fields, they are required');
    expect(translate('selectTypeAndCategory', 'en')).toBe(
      'Please select the Type and Category fields to search fill passengers.',
    );
    expect(translate('atLeastOneAdult', 'en')).toBe('At least one adult must be selected.');
    expect(translate('hotelMandatory', 'en')).toBe('Selecting a Hotel in this Tour is mandatory.');
    expect(translate('acceptTerms', 'en')).toBe(
      'Accepting the Terms and Conditions is necessary to enter the tour.',
    );
    // Reworded, in both languages, by ADR 0024, then by ADR 0038 to say what is missing.
    expect([translate('hotelAllData', 'en'), translate('hotelAllData', 'es')]).toEqual([
      'Choose the hotel, the room and how many rooms, then add them',
      'Elija el hotel, la habitación y cuántas habitaciones, y luego agréguelas',
    ]);
    expect([translate('invalidTourCode', 'en'), translate('invalidTourCode', 'es')]).toEqual([
      'There is an error in the tour code',
      'Hay un error en el código del tour',
    ]);
    expect(translate('sessionExpired', 'es')).toBe('Token de sesion expiró');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(
      translate('noPrices', 'en', { customerType: 'Student', category: 'English', type: 'Group' }),
    ).toBe(
      'No prices were found for the type of person Student related to category English and the type Group',
    );
    expect(translate('tooManyAttempts', 'es', {})).toContain('{{count}}');
  });

  it('knows its keys', () => {
    expect(isMessageKey('soldOut')).toBe(true);
    expect(isMessageKey('notEnoughSeats')).toBe(true);
    expect(isMessageKey('notEnoughSeats_one')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('nothingOfThatName')).toBe(false);
  });

  it('gives i18next a flat catalogue per language, a copy of its own', () => {
    const catalogue = messageCatalog('es');
    expect(catalogue.required).toBe('Por favor complete los campos, son obligatorios');
    expect(Object.keys(messageCatalog('en'))).toEqual(Object.keys(en));
    catalogue.required = 'changed';
    expect(translate('required', 'es')).toBe('Por favor complete los campos, son obligatorios');
  });
});

describe('fillPlaceholders', () => {
  it('fills every {{name}} given, each time it stands, and leaves the others as they are', () => {
    expect(
      fillPlaceholders('{{code}}: {{n}} seats, {{n}} left; {{missing}} {code}', {
        code: 'CT-1',
        n: 0,
      }),
    ).toBe('CT-1: 0 seats, 0 left; {{missing}} {code}');
    expect(fillPlaceholders('$1 {{a}}', { a: '$&' })).toBe('$1 $&');
  });
});
