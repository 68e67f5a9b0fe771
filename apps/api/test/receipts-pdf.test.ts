import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  type PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from '../src/modules/receipts/amount-in-words.ts';
import type { ReceiptDocument } from '../src/modules/receipts/model.ts';
import { QR_BORDER, receiptPdf, sunatQrText } from '../src/modules/receipts/pdf.ts';
import {
  boletaNote,
  exportBoleta,
  factura,
  facturaNote,
  issuer,
  taxedBoleta,
} from './support/receipts-ubl-fixtures.ts';

const DIGEST = 'sroMykSijIr2wbu2AH0aHC6AeqTjliTEURtxckZLYFY=';

describe('the amount in Spanish words (legend 1000)', () => {
  it.each([
    [50, 'PEN', 'CERO CON 50/100 SOLES'],
    [100, 'PEN', 'UNO CON 00/100 SOLES'],
    [2_100, 'USD', 'VEINTIUNO CON 00/100 DÓLARES AMERICANOS'],
    [10_000, 'PEN', 'CIEN CON 00/100 SOLES'],
    [10_100, 'PEN', 'CIENTO UNO CON 00/100 SOLES'],
    [12_050, 'USD', 'CIENTO VEINTE CON 50/100 DÓLARES AMERICANOS'],
    [100_000, 'PEN', 'MIL CON 00/100 SOLES'],
    [2_100_000, 'PEN', 'VEINTIÚN MIL CON 00/100 SOLES'],
    [100_000_000, 'PEN', 'UN MILLÓN CON 00/100 SOLES'],
    [
      99_999_999,
      'PEN',
      'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES',
    ],
    [
      123_456_789,
      'USD',
      'UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE CON 89/100 DÓLARES AMERICANOS',
    ],
  ])('%i cents of %s: %s', (cents, currency, words) => {
    expect(amountInWords(cents, currency)).toBe(words);
  });

  it('the forms before mil and millones, and the edges', () => {
    expect(integerInWords(0)).toBe('cero');
    expect(integerInWords(16)).toBe('dieciséis');
    expect(integerInWords(22)).toBe('veintidós');
    expect(integerInWords(31_000)).toBe('treinta y un mil');
    expect(integerInWords(101_000)).toBe('ciento un mil');
    expect(integerInWords(500_500)).toBe('quinientos mil quinientos');
    expect(integerInWords(2_000_000)).toBe('dos millones');
    expect(integerInWords(21_000_000)).toBe('veintiún millones');
    expect(integerInWords(1_001_001)).toBe('un millón mil uno');
    expect(amountInWords(100, 'EUR')).toBe('UNO CON 00/100 EUROS');
    expect(() => amountInWords(-1, 'PEN')).toThrow(RangeError);
    expect(() => amountInWords(1.5, 'PEN')).toThrow(RangeError);
  });
});

describe("the QR code's text", () => {
  it('RUC|TYPE|SERIES|NUMBER|IGV|TOTAL|DATE|BUYER DOC TYPE|BUYER DOC|DIGEST|', () => {
    expect(sunatQrText(factura, issuer, DIGEST)).toBe(
      `${issuer.ruc}|01|F001|1|91.53|600.00|2026-11-26|6|${factura.customer.documentNumber}|${DIGEST}|`,
    );
    expect(sunatQrText(exportBoleta, issuer, 'abc=')).toBe(
      `${issuer.ruc}|03|B001|2|99.15|1300.00|2026-11-26|7|C01X00T47|abc=|`,
    );
    expect(sunatQrText(facturaNote, issuer, 'x')).toBe(
      `${issuer.ruc}|07|FC01|1|30.51|200.00|2026-11-27|6|${factura.customer.documentNumber}|x|`,
    );
  });
});

/** WinAnsi codes that are not Latin-1's. */
const WIN_ANSI: Record<number, string> = { 150: '–', 151: '—', 128: '€' };

/** Each page's drawn texts, and its images' streams. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFStream[] =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref) as PDFStream)
        : contents
          ? [contents]
          : [];
    const operators = streams
      .map((stream) =>
        Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'),
      )
      .join('\n');
    const texts = [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
      [...Buffer.from(match[1] ?? '', 'hex')]
        .map((code) => WIN_ANSI[code] ?? String.fromCharCode(code))
        .join(''),
    );
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    const images = (xobjects?.values() ?? [])
      .map((ref) => pdf.context.lookup(ref) as PDFRawStream)
      .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    return { texts, text: texts.join(' '), images };
  });
  return { pdf, pages };
}

/** The QR code's modules read back from the image's pixels (the centre of each module). */
function modulesOf(image: PDFRawStream, size: number): boolean[][] {
  const width = (image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
  const colorSpace = image.dict.get(PDFName.of('ColorSpace'));
  const channels = colorSpace === PDFName.of('DeviceGray') ? 1 : 3;
  const pixels = decodePDFRawStream(image).decode();
  const cell = width / size;
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => {
      const x = Math.floor((c + 0.5) * cell);
      const y = Math.floor((r + 0.5) * cell);
      return (pixels[(y * width + x) * channels] ?? 255) < 128;
    }),
  );
}

describe('the printed receipt', () => {
  const cases: [string, ReceiptDocument, 'en' | 'es'][] = [
    ['a factura in soles, in Spanish', factura, 'es'],
    ['a taxed boleta in dollars, in English', taxedBoleta, 'en'],
    ['an export boleta, in Spanish', exportBoleta, 'es'],
    ['a credit note of a factura, in English', facturaNote, 'en'],
    ['a credit note of a boleta, in Spanish', boletaNote, 'es'],
  ];
  for (const [title, document, language] of cases) {
    it(`${title}: a PDF with the legal fields and the QR code of SUNAT's text`, async () => {
      const bytes = await receiptPdf(document, issuer, {
        digest: DIGEST,
        language,
        status: 'accepted',
      });
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const { pdf, pages } = await readPdf(bytes);
      expect(pages).toHaveLength(1);
      const page = pages[0] as (typeof pages)[number];
      const titles = {
        '01': 'FACTURA ELECTRÓNICA',
        '03': 'BOLETA DE VENTA ELECTRÓNICA',
        '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
      };
      const legends = {
        '01': 'Representación impresa de la Factura Electrónica.',
        '03': 'Representación impresa de la Boleta de Venta Electrónica.',
        '07': 'Representación impresa de la Nota de Crédito Electrónica.',
      };
      expect(page.texts).toContain(titles[document.documentType]);
      expect(page.texts).toContain(`R.U.C. N° ${issuer.ruc}`);
      expect(page.texts).toContain(
        `${document.series}-${String(document.number).padStart(8, '0')}`,
      );
      expect(page.texts).toContain(issuer.legalName);
      expect(page.text).toContain(issuer.address);
      expect(page.texts).toContain(document.customer.documentNumber);
      expect(page.text).toContain(legends[document.documentType]);
      expect(page.text).toContain(amountInWords(document.totalCents, document.currency));
      expect(page.text).toContain(DIGEST);
      expect(page.texts).toContain(language === 'es' ? 'Fecha de emisión:' : 'Issue date:');
      for (const label of ['Op. gravadas', 'Op. exportación', 'IGV 18 %', 'Importe total']) {
        expect(page.texts).toContain(label);
      }
      const symbol = document.currency === 'PEN' ? 'S/' : document.currency;
      const total = (document.totalCents / 100).toLocaleString('en-US', {
        minimumFractionDigits: 2,
      });
      expect(page.texts).toContain(`${symbol} ${total}`);
      if (document.currency !== 'PEN') expect(page.texts).toContain(document.exchangeRate);
      else expect(page.text).not.toMatch(/Tipo de cambio|Exchange rate/);
      if (document.kind === 'credit_note') {
        const referenced = document.references;
        expect(page.text).toContain(
          `${titles[referenced.documentType]} ${referenced.series}-${String(referenced.number).padStart(8, '0')}`,
        );
        expect(page.text).toContain(document.noteReason);
      }
      for (const line of document.lines)
        expect(page.text).toContain(line.description.split(' ')[0]);
      // The QR image, and its modules are the code of SUNAT's text.
      expect(page.images).toHaveLength(1);
      const expected = encode(sunatQrText(document, issuer, DIGEST), {
        ecc: 'M',
        border: QR_BORDER,
      }).data;
      expect(modulesOf(page.images[0] as PDFRawStream, expected.length)).toEqual(expected);
      expect(pdf.getTitle()).toBe(
        `${titles[document.documentType]} ${document.series}-${String(document.number).padStart(8, '0')}`,
      );
    });
  }

  it('a voided or rejected receipt is stamped; an accepted one is not', async () => {
    const read = async (
      status: 'voided' | 'rejected' | 'accepted' | 'issued',
      language: 'en' | 'es',
    ) =>
      (await readPdf(await receiptPdf(factura, issuer, { digest: DIGEST, language, status })))
        .pages[0]?.texts;
    expect(await read('voided', 'es')).toContain('ANULADO');
    expect(await read('voided', 'en')).toContain('VOIDED');
    expect(await read('rejected', 'es')).toContain('RECHAZADO POR SUNAT');
    for (const status of ['accepted', 'issued'] as const) {
      const texts = await read(status, 'en');
      expect(texts).not.toContain('VOIDED');
      expect(texts).not.toContain('REJECTED BY SUNAT');
    }
  });

  it('text the font cannot print becomes its base letter or ?, and the page says what ? means', async () => {
    const document = {
      ...exportBoleta,
      customer: { ...exportBoleta.customer, name: 'Zhang 张伟 Łukasz Dvořák' },
    };
    const { pages } = await readPdf(
      await receiptPdf(document, issuer, { digest: DIGEST, language: 'en', status: 'issued' }),
    );
    const page = pages[0] as NonNullable<(typeof pages)[number]>;
    expect(page.texts).toContain('Zhang ?? Lukasz Dvorák');
    expect(page.texts).toContain('? stands for a character this document cannot print.');
  });

  it('many lines run over to more pages, each numbered, the QR code on the last', async () => {
    const line = exportBoleta.lines[1] as ReceiptDocument['lines'][number];
    const lines = Array.from({ length: 60 }, (_, index) => ({
      ...line,
      description: `Line ${index + 1}: ${line.description}`,
    }));
    const document: ReceiptDocument = {
      ...taxedBoleta,
      lines,
      taxedCents: line.valueCents * 60,
      igvCents: line.igvCents * 60,
      exportCents: 0,
      totalCents: line.totalCents * 60,
    };
    const { pages } = await readPdf(
      await receiptPdf(document, issuer, { digest: DIGEST, language: 'en', status: 'issued' }),
    );
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.map((page) => page.text).join(' ');
    for (let n = 1; n <= 60; n += 1) expect(all).toContain(`Line ${n}:`);
    pages.forEach((page, index) => {
      expect(page.texts).toContain(`Page ${index + 1}/${pages.length} — B001-00000001`);
    });
    expect(pages.at(-1)?.images).toHaveLength(1);
    expect(pages.slice(0, -1).every((page) => page.images.length === 0)).toBe(true);
  });
});
