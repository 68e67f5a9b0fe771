// @vitest-environment happy-dom
import { documentMimeTypes, MAX_DOCUMENT_BYTES } from '@cusco/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanUpload } from '../src/features/reservations/components/passenger/scan-upload.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';

afterEach(resetApp);

const hints = {
  en: "A JPG or PNG photo of the passport's photo page. Photos over 1 MB are made smaller before they are sent.",
  es: 'Una foto JPG o PNG de la página de datos del pasaporte. Las fotos de más de 1 MB se reducen antes de enviarse.',
} as const;

describe.each(['en', 'es'] as const)('the passport photo hint in %s (issue 28)', (language) => {
  it('says what the app accepts: the types the field offers and the API stores, and that a larger photo is made smaller', async () => {
    await speak(language);
    const scan = { file: null, fileError: null, preparing: false, chooseFile: async () => {} };
    renderInApp(<ScanUpload scan={scan} storedUrl={null} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    // What the field offers to choose: the API's own types (JPEG and PNG), no others.
    expect(input?.accept.split(',')).toEqual([...documentMimeTypes]);
    expect(documentMimeTypes).toEqual(['image/jpeg', 'image/png']);
    // The limit the browser fits a photo to is the API's.
    expect(MAX_DOCUMENT_BYTES).toBe(1024 * 1024);
    expect(screen.getByText(hints[language])).toBeTruthy();
  });
});
