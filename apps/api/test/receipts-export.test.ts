import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerColumns, toPenCents } from '../src/modules/receipts/export.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { insertReceipt, paidBooking } from './support/receipts-fixture.ts';

/**
 * The accountant's sales register (issue 30): `GET /api/admin/receipts/export.csv?month=`, one
 * row per document issued that month, in the register's columns; voided ones with zero amounts,
 * credit notes negative with the document they modify. Rows from the receipts fixture.
 */
let ctx: TestContext;
let agent: Awaited<ReturnType<typeof signIn>>;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let rows: Awaited<ReturnType<typeof insertReceipt>>[];

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app);
  agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
  const booking = await paidBooking(ctx.app, owner.token);
  const boleta = await insertReceipt(ctx.app.db, booking, {
    issueDate: '2025-03-10',
    status: 'accepted',
    operationType: '0205',
    taxedCents: 1_000,
    exportCents: 40_000,
    igvCents: 180,
    totalCents: 41_180,
    exchangeRate: '3.745',
    customer: { documentType: '7', documentNumber: 'X1234567', name: '=HYPERLINK("x")' },
  });
  const note = await insertReceipt(ctx.app.db, booking, {
    documentType: '07',
    series: 'B991',
    referencesReceiptId: boleta.id,
    noteType: '07',
    issueDate: '2025-03-20',
    status: 'accepted',
    taxedCents: 1_000,
    igvCents: 180,
    totalCents: 1_180,
  });
  const voided = await insertReceipt(ctx.app.db, booking, {
    documentType: '01',
    series: 'F901',
    issueDate: '2025-03-31',
    status: 'voided',
    currency: 'PEN',
    exchangeRate: null,
    customer: {
      documentType: '6',
      documentNumber: '20100070970',
      name: 'VIAJES ANDINOS S.A.C.',
      address: 'Av. Sol 1',
    },
  });
  // Outside the month: April, and the last day of February.
  const april = await insertReceipt(ctx.app.db, booking, { issueDate: '2025-04-01' });
  const february = await insertReceipt(ctx.app.db, booking, { issueDate: '2025-02-28' });
  rows = [boleta, note, voided, april, february];
});
afterAll(() => ctx?.close());

/** A CSV's rows, each a list of fields (every field quoted, CRLF lines). */
function parse(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) =>
        (match[1] ?? '').replaceAll('""', '"'),
      ),
    );
}

const exportCsv = (month: string, token = agent.token, language = 'en') =>
  ctx.app.inject({
    url: `/api/admin/receipts/export.csv?month=${month}`,
    headers: { ...bearer(token), 'accept-language': language },
  });

describe('GET /api/admin/receipts/export.csv', () => {
  it("writes the month's documents in the register's columns", async () => {
    const [boleta, note, voided] = rows;
    const response = await exportCsv('2025-03');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="registro-de-ventas-2025-03.csv"',
    );
    const [header, ...lines] = parse(response.body);
    expect(header).toEqual([
      'Issue date',
      'Document type',
      'Series',
      'Number',
      'Customer document type',
      'Customer document number',
      'Customer name',
      'Currency',
      'Exchange rate',
      'Export value',
      'Taxed value',
      'IGV',
      'Total',
      'Total in PEN',
      'Modified document type',
      'Modified document series',
      'Modified document number',
      'Status',
    ]);
    expect(header).toHaveLength(registerColumns.length);
    const pad = (n: number | undefined) => String(n).padStart(8, '0');
    expect(lines).toEqual([
      // 411.80 USD at 3.745 = 1,542.19 soles; the name's leading '=' defused.
      [
        '2025-03-10',
        '03',
        'B901',
        pad(boleta?.number),
        '7',
        'X1234567',
        `'=HYPERLINK("x")`,
        'USD',
        '3.745',
        '400.00',
        '10.00',
        '1.80',
        '411.80',
        '1542.19',
        '',
        '',
        '',
        'accepted',
      ],
      // A credit note: negative, with the boleta it modifies.
      [
        '2025-03-20',
        '07',
        'B991',
        pad(note?.number),
        '1',
        '45678912',
        'ROSA QUISPE MAMANI',
        'USD',
        '3.745',
        '0.00',
        '-10.00',
        '-1.80',
        '-11.80',
        '-44.19',
        '03',
        'B901',
        pad(boleta?.number),
        'accepted',
      ],
      // Voided: its row stays, with zero amounts.
      [
        '2025-03-31',
        '01',
        'F901',
        pad(voided?.number),
        '6',
        '20100070970',
        'VIAJES ANDINOS S.A.C.',
        'PEN',
        '1.000',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '',
        '',
        'voided',
      ],
    ]);
  });

  it('speaks Spanish to a Spanish request, and answers an empty month with the header only', async () => {
    const spanish = parse((await exportCsv('2025-03', agent.token, 'es')).body);
    expect(spanish[0]?.slice(0, 4)).toEqual([
      'Fecha de emisión',
      'Tipo de comprobante',
      'Serie',
      'Número',
    ]);
    expect(spanish[3]?.at(-1)).toBe('anulado');
    const empty = await exportCsv('2024-07');
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body)).toHaveLength(1);
    const february = parse((await exportCsv('2025-02')).body);
    expect(february.slice(1).map((line) => line[3])).toEqual([
      String(rows[4]?.number).padStart(8, '0'),
    ]);
  });

  it('refuses a malformed month (400) and a customer (404)', async () => {
    for (const month of ['2025-13', '2025-3', 'march', '']) {
      expect((await exportCsv(month)).statusCode, month).toBe(400);
    }
    expect((await exportCsv('2025-03', owner.token)).statusCode).toBe(404);
  });

  it('turns an amount into soles exactly, rounding half up', () => {
    expect(toPenCents(41_180, '3.745')).toBe(154_219);
    expect(toPenCents(100, '3.7455')).toBe(375);
    expect(toPenCents(-1_180, '3.745')).toBe(-4_419);
    expect(toPenCents(2_500, null)).toBe(2_500);
  });
});
