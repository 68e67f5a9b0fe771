import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { amountInWords } from '../amount-in-words.ts';
import type {
  CreditNoteDocument,
  InvoiceDocument,
  Issuer,
  Party,
  ReceiptDocument,
  ReceiptLine,
  SummaryDocument,
  SunatDocument,
  VoidingDocument,
} from '../model.ts';

/**
 * SUNAT's documents as XML (unsigned; sign.ts signs them): UBL 2.1 Invoice and CreditNote in
 * SUNAT's profile 2.0 (facturas, boletas, credit notes), and SUNAT's own VoidedDocuments-1 (RA,
 * comunicación de baja) and SummaryDocuments-1 (RC, resumen diario, version 1.1) on UBL 2.0
 * components. Element names and order follow the UBL 2.1 schemas and SUNAT's guides (ADR 0047).
 */

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  voided: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
  summary: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

/** The signature's Id, and what cac:Signature's URI points at. */
export const SIGNATURE_ID = 'SignatureSP';

const SUNAT = 'PE:SUNAT';
const catalogue = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/** Cents as a decimal amount with two places: 12050 → "120.50". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit amount (cents / quantity) with up to ten decimals (SUNAT's limit), at least two. */
export function unitAmount(cents: number, quantity: number): string {
  const value = (cents / 100 / quantity).toFixed(10).replace(/0+$/, '');
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A document's SUNAT id: B001-123 (SUNAT writes the number without leading zeros). */
export function documentId(series: string, number: number): string {
  return `${series}-${number}`;
}

function amount(parent: XMLBuilder, name: string, cents: number, currency: string) {
  parent.ele(NS.cbc, name, { currencyID: currency }).txt(money(cents));
}

/**
 * What XML 1.0 cannot carry (control characters but tab and line breaks, U+FFFE, U+FFFF, a lone
 * surrogate) left out of a text: a name typed with one would make a document SUNAT's parser
 * refuses (xmlbuilder2 escapes < & > but writes these as they are).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 allows, named
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(value: string): string {
  return value.replace(NOT_XML_CHAR, '');
}

function text(
  parent: XMLBuilder,
  ns: string,
  name: string,
  value: string,
  attrs?: Record<string, string>,
) {
  return parent.ele(ns, name, attrs).txt(xmlSafe(value));
}

function extensions(root: XMLBuilder) {
  root
    .ele(NS.ext, 'ext:UBLExtensions')
    .ele(NS.ext, 'ext:UBLExtension')
    .ele(NS.ext, 'ext:ExtensionContent');
}

function signatureBlock(root: XMLBuilder, issuer: Issuer) {
  const signature = root.ele(NS.cac, 'cac:Signature');
  text(signature, NS.cbc, 'cbc:ID', SIGNATURE_ID);
  const party = signature.ele(NS.cac, 'cac:SignatoryParty');
  text(party.ele(NS.cac, 'cac:PartyIdentification'), NS.cbc, 'cbc:ID', issuer.ruc);
  text(party.ele(NS.cac, 'cac:PartyName'), NS.cbc, 'cbc:Name', issuer.legalName);
  text(
    signature.ele(NS.cac, 'cac:DigitalSignatureAttachment').ele(NS.cac, 'cac:ExternalReference'),
    NS.cbc,
    'cbc:URI',
    `#${SIGNATURE_ID}`,
  );
}

function identity(parent: XMLBuilder, party: Pick<Party, 'documentType' | 'documentNumber'>) {
  text(parent.ele(NS.cac, 'cac:PartyIdentification'), NS.cbc, 'cbc:ID', party.documentNumber, {
    schemeID: party.documentType,
    schemeName: 'Documento de Identidad',
    schemeAgencyName: SUNAT,
    schemeURI: catalogue('06'),
  });
}

function supplier(root: XMLBuilder, issuer: Issuer) {
  const party = root.ele(NS.cac, 'cac:AccountingSupplierParty').ele(NS.cac, 'cac:Party');
  identity(party, { documentType: '6', documentNumber: issuer.ruc });
  text(party.ele(NS.cac, 'cac:PartyName'), NS.cbc, 'cbc:Name', issuer.tradeName);
  const legal = party.ele(NS.cac, 'cac:PartyLegalEntity');
  text(legal, NS.cbc, 'cbc:RegistrationName', issuer.legalName);
  const address = legal.ele(NS.cac, 'cac:RegistrationAddress');
  text(address, NS.cbc, 'cbc:ID', issuer.ubigeo, {
    schemeAgencyName: 'PE:INEI',
    schemeName: 'Ubigeos',
  });
  text(address, NS.cbc, 'cbc:AddressTypeCode', issuer.establishment, {
    listAgencyName: SUNAT,
    listName: 'Establecimientos anexos',
  });
  text(address.ele(NS.cac, 'cac:AddressLine'), NS.cbc, 'cbc:Line', issuer.address);
  text(address.ele(NS.cac, 'cac:Country'), NS.cbc, 'cbc:IdentificationCode', 'PE', {
    listID: 'ISO 3166-1',
    listAgencyName: 'United Nations Economic Commission for Europe',
    listName: 'Country',
  });
}

function customer(root: XMLBuilder, customer: Party) {
  const party = root.ele(NS.cac, 'cac:AccountingCustomerParty').ele(NS.cac, 'cac:Party');
  identity(party, customer);
  const legal = party.ele(NS.cac, 'cac:PartyLegalEntity');
  text(legal, NS.cbc, 'cbc:RegistrationName', customer.name);
  if (customer.address) {
    text(
      legal.ele(NS.cac, 'cac:RegistrationAddress').ele(NS.cac, 'cac:AddressLine'),
      NS.cbc,
      'cbc:Line',
      customer.address,
    );
  }
}

/** Catalogue 05 as a cac:TaxScheme: 1000 IGV (VAT) or 9995 exportación (FRE). */
function taxScheme(parent: XMLBuilder, kind: 'igv' | 'export') {
  const scheme = parent.ele(NS.cac, 'cac:TaxScheme');
  text(scheme, NS.cbc, 'cbc:ID', kind === 'igv' ? '1000' : '9995', {
    schemeName: 'Codigo de tributos',
    schemeAgencyName: SUNAT,
    schemeURI: catalogue('05'),
  });
  text(scheme, NS.cbc, 'cbc:Name', kind === 'igv' ? 'IGV' : 'EXP');
  text(scheme, NS.cbc, 'cbc:TaxTypeCode', kind === 'igv' ? 'VAT' : 'FRE');
}

function documentTaxTotal(root: XMLBuilder, document: ReceiptDocument) {
  const total = root.ele(NS.cac, 'cac:TaxTotal');
  amount(total, 'cbc:TaxAmount', document.igvCents, document.currency);
  const subtotal = (taxable: number, tax: number, kind: 'igv' | 'export') => {
    const node = total.ele(NS.cac, 'cac:TaxSubtotal');
    amount(node, 'cbc:TaxableAmount', taxable, document.currency);
    amount(node, 'cbc:TaxAmount', tax, document.currency);
    taxScheme(node.ele(NS.cac, 'cac:TaxCategory'), kind);
  };
  const exportOnly =
    document.exportCents > 0 && document.taxedCents === 0 && document.igvCents === 0;
  if (!exportOnly) subtotal(document.taxedCents, document.igvCents, 'igv');
  if (document.exportCents > 0) subtotal(document.exportCents, 0, 'export');
}

function monetaryTotal(root: XMLBuilder, document: ReceiptDocument) {
  const total = root.ele(NS.cac, 'cac:LegalMonetaryTotal');
  amount(
    total,
    'cbc:LineExtensionAmount',
    document.taxedCents + document.exportCents,
    document.currency,
  );
  amount(total, 'cbc:TaxInclusiveAmount', document.totalCents, document.currency);
  amount(total, 'cbc:PayableAmount', document.totalCents, document.currency);
}

function line(
  root: XMLBuilder,
  element: 'InvoiceLine' | 'CreditNoteLine',
  index: number,
  item: ReceiptLine,
  currency: string,
) {
  const node = root.ele(NS.cac, `cac:${element}`);
  text(node, NS.cbc, 'cbc:ID', String(index + 1));
  text(
    node,
    NS.cbc,
    element === 'InvoiceLine' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity',
    String(item.quantity),
    {
      unitCode: item.unitCode,
      unitCodeListID: 'UN/ECE rec 20',
      unitCodeListAgencyName: 'United Nations Economic Commission for Europe',
    },
  );
  amount(node, 'cbc:LineExtensionAmount', item.valueCents, currency);
  const price = node
    .ele(NS.cac, 'cac:PricingReference')
    .ele(NS.cac, 'cac:AlternativeConditionPrice');
  price
    .ele(NS.cbc, 'cbc:PriceAmount', { currencyID: currency })
    .txt(unitAmount(item.totalCents, item.quantity));
  text(price, NS.cbc, 'cbc:PriceTypeCode', '01', {
    listName: 'Tipo de Precio',
    listAgencyName: SUNAT,
    listURI: catalogue('16'),
  });
  const taxed = item.affectation === '10';
  const tax = node.ele(NS.cac, 'cac:TaxTotal');
  amount(tax, 'cbc:TaxAmount', item.igvCents, currency);
  const subtotal = tax.ele(NS.cac, 'cac:TaxSubtotal');
  amount(subtotal, 'cbc:TaxableAmount', item.valueCents, currency);
  amount(subtotal, 'cbc:TaxAmount', item.igvCents, currency);
  const category = subtotal.ele(NS.cac, 'cac:TaxCategory');
  text(category, NS.cbc, 'cbc:Percent', taxed ? '18' : '0');
  text(category, NS.cbc, 'cbc:TaxExemptionReasonCode', item.affectation, {
    listAgencyName: SUNAT,
    listName: 'Afectacion del IGV',
    listURI: catalogue('07'),
  });
  taxScheme(category, taxed ? 'igv' : 'export');
  text(node.ele(NS.cac, 'cac:Item'), NS.cbc, 'cbc:Description', item.description);
  node
    .ele(NS.cac, 'cac:Price')
    .ele(NS.cbc, 'cbc:PriceAmount', { currencyID: currency })
    .txt(unitAmount(item.valueCents, item.quantity));
}

function root(namespace: string, name: string, withSac = false) {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const element = doc.ele(namespace, name, {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ds': NS.ds,
    'xmlns:ext': NS.ext,
    ...(withSac ? { 'xmlns:sac': NS.sac } : {}),
  });
  return { doc, element };
}

function head(element: XMLBuilder, document: ReceiptDocument) {
  text(element, NS.cbc, 'cbc:UBLVersionID', '2.1');
  text(element, NS.cbc, 'cbc:CustomizationID', '2.0', { schemeAgencyName: SUNAT });
  text(element, NS.cbc, 'cbc:ID', documentId(document.series, document.number));
  text(element, NS.cbc, 'cbc:IssueDate', document.issueDate);
  if (document.issueTime) text(element, NS.cbc, 'cbc:IssueTime', document.issueTime);
}

function legend(element: XMLBuilder, document: ReceiptDocument) {
  text(element, NS.cbc, 'cbc:Note', amountInWords(document.totalCents, document.currency), {
    languageLocaleID: '1000',
  });
}

function currencyCode(element: XMLBuilder, document: ReceiptDocument) {
  text(element, NS.cbc, 'cbc:DocumentCurrencyCode', document.currency, {
    listID: 'ISO 4217 Alpha',
    listName: 'Currency',
    listAgencyName: 'United Nations Economic Commission for Europe',
  });
}

export function invoiceXml(document: InvoiceDocument, issuer: Issuer): string {
  const { doc, element } = root(NS.invoice, 'Invoice');
  extensions(element);
  head(element, document);
  text(element, NS.cbc, 'cbc:InvoiceTypeCode', document.documentType, {
    listID: document.operationType,
    listAgencyName: SUNAT,
    listName: 'Tipo de Documento',
    listURI: catalogue('01'),
    name: 'Tipo de Operacion',
    listSchemeURI: catalogue('51'),
  });
  legend(element, document);
  currencyCode(element, document);
  text(element.ele(NS.cac, 'cac:OrderReference'), NS.cbc, 'cbc:ID', document.bookingCode);
  signatureBlock(element, issuer);
  supplier(element, issuer);
  customer(element, document.customer);
  if (document.documentType === '01') {
    const terms = element.ele(NS.cac, 'cac:PaymentTerms');
    text(terms, NS.cbc, 'cbc:ID', 'FormaPago');
    text(terms, NS.cbc, 'cbc:PaymentMeansID', 'Contado');
  }
  documentTaxTotal(element, document);
  monetaryTotal(element, document);
  for (const [index, item] of document.lines.entries()) {
    line(element, 'InvoiceLine', index, item, document.currency);
  }
  return doc.end({ prettyPrint: true });
}

export function creditNoteXml(document: CreditNoteDocument, issuer: Issuer): string {
  const { doc, element } = root(NS.creditNote, 'CreditNote');
  extensions(element);
  head(element, document);
  legend(element, document);
  currencyCode(element, document);
  const referenced = documentId(document.references.series, document.references.number);
  const discrepancy = element.ele(NS.cac, 'cac:DiscrepancyResponse');
  text(discrepancy, NS.cbc, 'cbc:ReferenceID', referenced);
  text(discrepancy, NS.cbc, 'cbc:ResponseCode', document.noteType, {
    listAgencyName: SUNAT,
    listName: 'Tipo de nota de credito',
    listURI: catalogue('09'),
  });
  text(discrepancy, NS.cbc, 'cbc:Description', document.noteReason);
  text(element.ele(NS.cac, 'cac:OrderReference'), NS.cbc, 'cbc:ID', document.bookingCode);
  const reference = element
    .ele(NS.cac, 'cac:BillingReference')
    .ele(NS.cac, 'cac:InvoiceDocumentReference');
  text(reference, NS.cbc, 'cbc:ID', referenced);
  text(reference, NS.cbc, 'cbc:DocumentTypeCode', document.references.documentType, {
    listAgencyName: SUNAT,
    listName: 'Tipo de Documento',
    listURI: catalogue('01'),
  });
  signatureBlock(element, issuer);
  supplier(element, issuer);
  customer(element, document.customer);
  documentTaxTotal(element, document);
  monetaryTotal(element, document);
  for (const [index, item] of document.lines.entries()) {
    line(element, 'CreditNoteLine', index, item, document.currency);
  }
  return doc.end({ prettyPrint: true });
}

/** RA and RC name the issuer the UBL 2.0 way: its RUC, the document type 6, its legal name. */
function summarySupplier(element: XMLBuilder, issuer: Issuer) {
  const party = element.ele(NS.cac, 'cac:AccountingSupplierParty');
  text(party, NS.cbc, 'cbc:CustomerAssignedAccountID', issuer.ruc);
  text(party, NS.cbc, 'cbc:AdditionalAccountID', '6');
  text(
    party.ele(NS.cac, 'cac:Party').ele(NS.cac, 'cac:PartyLegalEntity'),
    NS.cbc,
    'cbc:RegistrationName',
    issuer.legalName,
  );
}

function summaryHead(
  element: XMLBuilder,
  document: VoidingDocument | SummaryDocument,
  customization: string,
) {
  extensions(element);
  text(element, NS.cbc, 'cbc:UBLVersionID', '2.0');
  text(element, NS.cbc, 'cbc:CustomizationID', customization);
  text(element, NS.cbc, 'cbc:ID', document.identifier);
  text(element, NS.cbc, 'cbc:ReferenceDate', document.referenceDate);
  text(element, NS.cbc, 'cbc:IssueDate', document.issueDate);
}

export function voidingXml(document: VoidingDocument, issuer: Issuer): string {
  const { doc, element } = root(NS.voided, 'VoidedDocuments', true);
  summaryHead(element, document, '1.0');
  signatureBlock(element, issuer);
  summarySupplier(element, issuer);
  document.items.forEach((item, index) => {
    const node = element.ele(NS.sac, 'sac:VoidedDocumentsLine');
    text(node, NS.cbc, 'cbc:LineID', String(index + 1));
    text(node, NS.cbc, 'cbc:DocumentTypeCode', item.documentType);
    text(node, NS.sac, 'sac:DocumentSerialID', item.series);
    text(node, NS.sac, 'sac:DocumentNumberID', String(item.number));
    text(node, NS.sac, 'sac:VoidReasonDescription', item.reason);
  });
  return doc.end({ prettyPrint: true });
}

export function summaryXml(document: SummaryDocument, issuer: Issuer): string {
  const { doc, element } = root(NS.summary, 'SummaryDocuments', true);
  summaryHead(element, document, '1.1');
  signatureBlock(element, issuer);
  summarySupplier(element, issuer);
  document.items.forEach((item, index) => {
    const node = element.ele(NS.sac, 'sac:SummaryDocumentsLine');
    text(node, NS.cbc, 'cbc:LineID', String(index + 1));
    text(node, NS.cbc, 'cbc:DocumentTypeCode', item.documentType);
    text(node, NS.cbc, 'cbc:ID', documentId(item.series, item.number));
    const party = node.ele(NS.cac, 'cac:AccountingCustomerParty');
    text(party, NS.cbc, 'cbc:CustomerAssignedAccountID', item.customer.documentNumber);
    text(party, NS.cbc, 'cbc:AdditionalAccountID', item.customer.documentType);
    if (item.references) {
      const reference = node
        .ele(NS.cac, 'cac:BillingReference')
        .ele(NS.cac, 'cac:InvoiceDocumentReference');
      text(reference, NS.cbc, 'cbc:ID', documentId(item.references.series, item.references.number));
      text(reference, NS.cbc, 'cbc:DocumentTypeCode', item.references.documentType);
    }
    text(node.ele(NS.cac, 'cac:Status'), NS.cbc, 'cbc:ConditionCode', item.condition);
    node.ele(NS.sac, 'sac:TotalAmount', { currencyID: item.currency }).txt(money(item.totalCents));
    // Catalogue 11: 01 taxed, 04 export.
    const payments: [number, string][] = [
      [item.taxedCents, '01'],
      [item.exportCents, '04'],
    ];
    for (const [cents, code] of payments) {
      if (cents <= 0) continue;
      const payment = node.ele(NS.sac, 'sac:BillingPayment');
      amount(payment, 'cbc:PaidAmount', cents, item.currency);
      text(payment, NS.cbc, 'cbc:InstructionID', code);
    }
    const tax = node.ele(NS.cac, 'cac:TaxTotal');
    amount(tax, 'cbc:TaxAmount', item.igvCents, item.currency);
    const subtotal = tax.ele(NS.cac, 'cac:TaxSubtotal');
    amount(subtotal, 'cbc:TaxAmount', item.igvCents, item.currency);
    taxScheme(subtotal.ele(NS.cac, 'cac:TaxCategory'), 'igv');
  });
  return doc.end({ prettyPrint: true });
}

/** The document's XML, unsigned (an empty ext:ExtensionContent waits for the signature). */
export function documentXml(document: SunatDocument, issuer: Issuer): string {
  switch (document.kind) {
    case 'invoice':
      return invoiceXml(document, issuer);
    case 'credit_note':
      return creditNoteXml(document, issuer);
    case 'voiding':
      return voidingXml(document, issuer);
    case 'summary':
      return summaryXml(document, issuer);
  }
}
