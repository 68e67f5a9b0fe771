import { rucCheckDigit } from '@cusco/shared';
import type {
  CreditNoteDocument,
  InvoiceDocument,
  Issuer,
  SummaryDocument,
  VoidingDocument,
} from '../../src/modules/receipts/model.ts';

/** A valid RUC (its check digit computed) from its first ten digits. */
export const ruc = (ten: string) => `${ten}${rucCheckDigit(ten)}`;

export const issuer: Issuer = {
  ruc: ruc('2060000001'),
  legalName: 'CUSCO TREKS S.A.C.',
  tradeName: 'Cusco Treks',
  address: 'Av. El Sol 123, Cusco',
  ubigeo: '080101',
  establishment: '0000',
};

/** A boleta, all taxed, in US dollars: two travellers domiciled in Peru. */
export const taxedBoleta: InvoiceDocument = {
  kind: 'invoice',
  documentType: '03',
  operationType: '0101',
  series: 'B001',
  number: 1,
  issueDate: '2026-11-26',
  issueTime: '10:15:00',
  currency: 'USD',
  exchangeRate: '3.745',
  customer: { documentType: '1', documentNumber: '45678912', name: 'Rosa Quispe Mamani' },
  bookingCode: 'CT-7K3M9Q',
  lines: [
    {
      description: 'Inca Trail 4 days: 2 adults',
      quantity: 2,
      unitCode: 'ZZ',
      affectation: '10',
      valueCents: 100_000,
      igvCents: 18_000,
      totalCents: 118_000,
    },
    {
      description: 'Sleeping bag rental',
      quantity: 3,
      unitCode: 'ZZ',
      affectation: '10',
      valueCents: 2_542,
      igvCents: 458,
      totalCents: 3_000,
    },
  ],
  taxedCents: 102_542,
  exportCents: 0,
  igvCents: 18_458,
  totalCents: 121_000,
};

/** A boleta of an export (operation 0205): one non-domiciled traveller, one resident. */
export const exportBoleta: InvoiceDocument = {
  kind: 'invoice',
  documentType: '03',
  operationType: '0205',
  series: 'B001',
  number: 2,
  issueDate: '2026-11-26',
  currency: 'USD',
  exchangeRate: '3.745',
  customer: { documentType: '7', documentNumber: 'C01X00T47', name: 'Jürgen Müller' },
  bookingCode: 'CT-8P2R4T',
  lines: [
    {
      description: 'Salkantay 5 days: 1 adult (export of services)',
      quantity: 1,
      unitCode: 'ZZ',
      affectation: '40',
      valueCents: 65_000,
      igvCents: 0,
      totalCents: 65_000,
    },
    {
      description: 'Salkantay 5 days: 1 adult',
      quantity: 1,
      unitCode: 'ZZ',
      affectation: '10',
      valueCents: 55_085,
      igvCents: 9_915,
      totalCents: 65_000,
    },
  ],
  taxedCents: 55_085,
  exportCents: 65_000,
  igvCents: 9_915,
  totalCents: 130_000,
};

/** A factura in soles, to a company with a RUC and a fiscal address. */
export const factura: InvoiceDocument = {
  kind: 'invoice',
  documentType: '01',
  operationType: '0101',
  series: 'F001',
  number: 1,
  issueDate: '2026-11-26',
  issueTime: '16:40:05',
  currency: 'PEN',
  customer: {
    documentType: '6',
    documentNumber: ruc('2010007097'),
    name: 'ANDES CORPORATE TRAVEL S.A.',
    address: 'Jr. Lampa 456, Lima',
  },
  bookingCode: 'CT-2B5D7F',
  lines: [
    {
      description: 'Sacred Valley full day: 3 adults',
      quantity: 3,
      unitCode: 'ZZ',
      affectation: '10',
      valueCents: 50_847,
      igvCents: 9_153,
      totalCents: 60_000,
    },
  ],
  taxedCents: 50_847,
  exportCents: 0,
  igvCents: 9_153,
  totalCents: 60_000,
};

/** A credit note lowering the factura (a refund of one traveller). */
export const facturaNote: CreditNoteDocument = {
  kind: 'credit_note',
  documentType: '07',
  operationType: '0101',
  series: 'FC01',
  number: 1,
  issueDate: '2026-11-27',
  currency: 'PEN',
  customer: factura.customer,
  bookingCode: factura.bookingCode,
  references: { documentType: '01', series: 'F001', number: 1 },
  noteType: '07',
  noteReason: 'Refund of one traveller who cancelled',
  lines: [
    {
      description: 'Sacred Valley full day: 1 adult',
      quantity: 1,
      unitCode: 'ZZ',
      affectation: '10',
      valueCents: 16_949,
      igvCents: 3_051,
      totalCents: 20_000,
    },
  ],
  taxedCents: 16_949,
  exportCents: 0,
  igvCents: 3_051,
  totalCents: 20_000,
};

/** A credit note cancelling the export boleta whole, in US dollars. */
export const boletaNote: CreditNoteDocument = {
  kind: 'credit_note',
  documentType: '07',
  operationType: '0205',
  series: 'BC01',
  number: 1,
  issueDate: '2026-11-28',
  currency: 'USD',
  exchangeRate: '3.751',
  customer: exportBoleta.customer,
  bookingCode: exportBoleta.bookingCode,
  references: { documentType: '03', series: 'B001', number: 2 },
  noteType: '06',
  noteReason: 'Booking cancelled: total refund',
  lines: exportBoleta.lines,
  taxedCents: exportBoleta.taxedCents,
  exportCents: exportBoleta.exportCents,
  igvCents: exportBoleta.igvCents,
  totalCents: exportBoleta.totalCents,
};

export const voiding: VoidingDocument = {
  kind: 'voiding',
  identifier: 'RA-20261127-1',
  referenceDate: '2026-11-26',
  issueDate: '2026-11-27',
  items: [
    { documentType: '01', series: 'F001', number: 1, reason: 'Wrong RUC of the customer' },
    { documentType: '07', series: 'FC01', number: 3, reason: 'Issued twice' },
  ],
};

export const summary: SummaryDocument = {
  kind: 'summary',
  identifier: 'RC-20261127-1',
  referenceDate: '2026-11-26',
  issueDate: '2026-11-27',
  items: [
    {
      documentType: '03',
      series: 'B001',
      number: 1,
      customer: taxedBoleta.customer,
      currency: 'USD',
      condition: '3',
      taxedCents: taxedBoleta.taxedCents,
      exportCents: 0,
      igvCents: taxedBoleta.igvCents,
      totalCents: taxedBoleta.totalCents,
    },
    {
      documentType: '07',
      series: 'BC01',
      number: 1,
      customer: exportBoleta.customer,
      currency: 'USD',
      references: { documentType: '03', series: 'B001', number: 2 },
      condition: '3',
      taxedCents: exportBoleta.taxedCents,
      exportCents: exportBoleta.exportCents,
      igvCents: exportBoleta.igvCents,
      totalCents: exportBoleta.totalCents,
    },
  ],
};
