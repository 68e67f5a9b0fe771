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
      if (!isMessageKey(key)) throw new Error(`${key} is not a message key`);
      expect(typeof english[key], key).toBe('string');
      expect(typeof spanish[key], key).toBe('string');
      expect(english[key].trim(), key).not.toBe('');
      expect(spanish[key].trim(), key).not.toBe('');
      expect(placeholders(spanish[key]), key).toEqual(placeholders(english[key]));
    }
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
    // Reworded, in both languages, by ADR 0024 (the spec's meaning kept).
    expect([translate('hotelAllData', 'en'), translate('hotelAllData', 'es')]).toEqual([
      'Every option is already chosen',
      'Todas las opciones ya están elegidas',
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
    expect(translate('tooManyAttempts', 'es', {})).toContain('{{minutes}}');
  });

  it('knows its keys', () => {
    expect(isMessageKey('soldOut')).toBe(true);
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
