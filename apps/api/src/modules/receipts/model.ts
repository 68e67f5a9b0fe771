/**
 * What a receipt says, before it is XML or PDF (issue 30): the one model the issuing code writes
 * (modules/receipts/issue*.ts), the UBL builder signs (ubl/) and the PDF prints (pdf.ts), and the
 * receipts row keeps (its customer and lines columns). Money in cents of the document's currency.
 * Codes are SUNAT's catalogues: 01 (document types), 06 (identity documents), 07 (IGV
 * affectation), 09 (credit note reasons), 51 (operation types).
 */

/** Catalogue 06: 0 non-domiciled without RUC / no document, 1 DNI, 4 foreigner's card, 6 RUC, 7 passport. */
export type IdentityDocumentType = '0' | '1' | '4' | '6' | '7';

export interface Party {
  documentType: IdentityDocumentType;
  /** '-' when a boleta's customer gave no document (allowed under SUNAT's amount limit). */
  documentNumber: string;
  name: string;
  /** A factura's customer's fiscal address. */
  address?: string;
}

/** The agency as issuer (configuration: AGENCY_*). */
export interface Issuer {
  ruc: string;
  legalName: string;
  tradeName: string;
  address: string;
  /** INEI district code, e.g. 080101. */
  ubigeo: string;
  /** SUNAT's annex code of the establishment (0000). */
  establishment: string;
}

/** Catalogue 07: 10 taxed (18 % IGV), 40 export of services (0 %). */
export type Affectation = '10' | '40';

export interface ReceiptLine {
  description: string;
  quantity: number;
  /** ZZ: a service (UN/ECE rec 20 as SUNAT uses it). */
  unitCode: 'ZZ';
  affectation: Affectation;
  /** The line's value before IGV, its IGV, and its total (value + IGV). */
  valueCents: number;
  igvCents: number;
  totalCents: number;
}

export interface DocumentTotals {
  /** Value of the taxed lines (before IGV), of the export lines, the IGV, the total. */
  taxedCents: number;
  exportCents: number;
  igvCents: number;
  totalCents: number;
}

interface Common extends DocumentTotals {
  series: string;
  number: number;
  issueDate: string;
  /** The issue time in Lima, HH:MM:SS (cbc:IssueTime); optional in SUNAT's profile. */
  issueTime?: string;
  /** ISO 4217 (USD, PEN). */
  currency: string;
  /** Soles per unit of the currency on the issue date; absent for PEN. */
  exchangeRate?: string;
  customer: Party;
  lines: ReceiptLine[];
  /** The booking it belongs to (printed, and sent as the order reference). */
  bookingCode: string;
}

/** A factura (01) or boleta (03). */
export interface InvoiceDocument extends Common {
  kind: 'invoice';
  documentType: '01' | '03';
  /** Catalogue 51: 0101 domestic sale, 0205 export of a tourist package's services. */
  operationType: '0101' | '0205';
}

/** Catalogue 09 as we use it: 01 cancellation, 04 global discount, 06 total return, 07 return per item, 09 lower value. */
export type CreditNoteType = '01' | '04' | '06' | '07' | '09';

/** A credit note (07) that lowers the receipt it references. */
export interface CreditNoteDocument extends Common {
  kind: 'credit_note';
  documentType: '07';
  operationType: '0101' | '0205';
  references: { documentType: '01' | '03'; series: string; number: number };
  noteType: CreditNoteType;
  /** Why, in words (SUNAT's cbc:Description of the discrepancy). */
  noteReason: string;
}

export type ReceiptDocument = InvoiceDocument | CreditNoteDocument;

/** A comunicación de baja (RA): facturas and their credit notes voided, with the reason of each. */
export interface VoidingDocument {
  kind: 'voiding';
  /** RA-20261126-1. */
  identifier: string;
  /** The issue date of the documents voided (all of one day). */
  referenceDate: string;
  issueDate: string;
  items: { documentType: '01' | '07'; series: string; number: number; reason: string }[];
}

/** A resumen diario (RC) that voids boletas and their notes (condition 3). */
export interface SummaryDocument {
  kind: 'summary';
  /** RC-20261126-1. */
  identifier: string;
  referenceDate: string;
  issueDate: string;
  items: (DocumentTotals & {
    documentType: '03' | '07';
    series: string;
    number: number;
    customer: Party;
    currency: string;
    /** For a boleta's credit note: the boleta. */
    references?: { documentType: '03'; series: string; number: number };
    /** Catalogue 19: 1 added, 2 modified, 3 voided. */
    condition: '1' | '2' | '3';
  })[];
}

export type SunatDocument = ReceiptDocument | VoidingDocument | SummaryDocument;

/** A signed document: its XML and its signature's DigestValue (base64), the QR code's hash. */
export interface SignedDocument {
  xml: string;
  digest: string;
}

/** The name SUNAT gives a document's file: RUC-TYPE-SERIES-NUMBER, or RUC-RA-YYYYMMDD-N. */
export function sunatFileName(issuerRuc: string, document: SunatDocument): string {
  if (document.kind === 'voiding' || document.kind === 'summary') {
    return `${issuerRuc}-${document.identifier}`;
  }
  return `${issuerRuc}-${document.documentType}-${document.series}-${document.number}`;
}
