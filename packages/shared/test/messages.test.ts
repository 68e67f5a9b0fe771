import { describe, expect, it } from 'vitest';
import { messageCatalog, messages, translate } from '../src/messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has every message in English and Spanish, with the same placeholders', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.es.trim(), key).not.toBe('');
      expect(placeholders(text.es), key).toEqual(placeholders(text.en));
    }
  });

  it('keeps the spec texts word for word', () => {
    expect(messages.required.en).toBe('Please fill in the fields, they are required');
    expect(messages.selectTypeAndCategory.en).toBe(
      'Please select the Type and Category fields to search fill passengers.',
    );
    expect(messages.atLeastOneAdult.en).toBe('At least one adult must be selected.');
    expect(messages.hotelMandatory.en).toBe('Selecting a Hotel in this Tour is mandatory.');
    expect(messages.acceptTerms.en).toBe(
      'Accepting the Terms and Conditions is necessary to enter the tour.',
    );
    // Reworded, in both languages, by ADR 0024 (the spec's meaning kept).
    expect(messages.hotelAllData).toEqual({
      en: 'Every option is already chosen',
      es: 'Todas las opciones ya están elegidas',
    });
    expect(messages.invalidTourCode).toEqual({
      en: 'There is an error in the tour code',
      es: 'Hay un error en el código del tour',
    });
    expect(messages.sessionExpired.es).toBe('Token de sesion expiró');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(
      translate('noPrices', 'en', { customerType: 'Student', category: 'English', type: 'Group' }),
    ).toBe(
      'No prices were found for the type of person Student related to category English and the type Group',
    );
    expect(translate('tooManyAttempts', 'es', {})).toContain('{{minutes}}');
  });

  it('gives i18next a flat catalogue per language', () => {
    expect(messageCatalog('es').required).toBe('Por favor complete los campos, son obligatorios');
    expect(Object.keys(messageCatalog('en'))).toEqual(Object.keys(messages));
  });
});
