import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appMeta } from '../src/db/schema.ts';
import { type SunatDocument, sunatFileName } from '../src/modules/receipts/model.ts';
import {
  loadSigner,
  makeTestCertificate,
  type Signer,
  signerFromPkcs12,
  TEST_CERTIFICATE_KEY,
  TEST_CERTIFICATE_WARNING,
} from '../src/modules/receipts/ubl/certificate.ts';
import { documentXml, signDocument, verifySignedXml } from '../src/modules/receipts/ubl/index.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './support/app.ts';
import {
  boletaNote,
  exportBoleta,
  factura,
  facturaNote,
  issuer,
  summary,
  taxedBoleta,
  voiding,
} from './support/receipts-ubl-fixtures.ts';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/**
 * The UBL 2.1 schemas with SUNAT's extensions: ../shared/ubl-2.1 beside the checkout, or the
 * shared folder of this machine; never copied into the project.
 */
const schemaDir = [path.resolve(repoRoot, '..', 'shared', 'ubl-2.1'), '/work/shared/ubl-2.1'].find(
  (dir) => existsSync(path.join(dir, 'maindoc', 'UBL-Invoice-2.1.xsd')),
);
const xmllint = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((file) => existsSync(file));
const missing = !schemaDir
  ? 'the UBL 2.1 schemas (../shared/ubl-2.1) are not here'
  : !xmllint
    ? 'xmllint (libxml2-utils) is not installed'
    : undefined;
const inCi = process.env.CI === 'true';
const schemaTest = missing && !inCi ? it.skip : it;
const schemaTitle = (title: string) =>
  missing && !inCi ? `${title} — SKIPPED: ${missing}` : title;

/** xmllint's verdict on a document against a schema: '' when valid, its errors otherwise. */
async function validate(xml: string, schema: string): Promise<string> {
  if (missing) throw new Error(`cannot validate: ${missing} (CI=true requires them)`);
  const file = path.join(work, `doc-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    await run(xmllint as string, ['--noout', '--nonet', '--schema', schema, file]);
    return '';
  } catch (error) {
    return (error as { stderr?: string }).stderr || String(error);
  }
}

let work: string;
/** The schema each kind is validated against. */
const schemas: Record<SunatDocument['kind'], () => string> = {
  invoice: () => path.join(schemaDir as string, 'maindoc', 'UBL-Invoice-2.1.xsd'),
  credit_note: () => path.join(schemaDir as string, 'maindoc', 'UBL-CreditNote-2.1.xsd'),
  voiding: () => path.join(work, 'sunat', 'voided.xsd'),
  summary: () => path.join(work, 'sunat', 'summary.xsd'),
};

let signer: Signer;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'receipts-ubl-'));
  // SUNAT's RA and RC schemas, written for these tests (support/sunat), import the UBL common
  // components by the absolute path of the shared folder.
  if (schemaDir) {
    const target = path.join(work, 'sunat');
    const common = path.join(schemaDir, 'common');
    for (const name of ['sac.xsd', 'voided.xsd', 'summary.xsd']) {
      const text = readFileSync(path.join(here, 'support', 'sunat', name), 'utf8');
      mkdirSync(target, { recursive: true });
      writeFileSync(path.join(target, name), text.replaceAll('UBL_COMMON', common));
    }
  }
  signer = { ...makeTestCertificate(issuer), test: true };
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A PEM's base64 body on one line, as X509Certificate holds it. */
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');

/** The child elements of `node` along a path of qualified names ("cac:TaxTotal/cbc:TaxAmount"). */
function at(node: Element, steps: string): Element[] {
  let current: Element[] = [node];
  for (const step of steps.split('/')) {
    current = current.flatMap((parent) =>
      Array.from(parent.childNodes).filter(
        (child): child is Element => child.nodeType === 1 && (child as Element).nodeName === step,
      ),
    );
  }
  return current;
}
const textAt = (node: Element, steps: string) => at(node, steps).map((el) => el.textContent ?? '');

const kinds: [string, SunatDocument][] = [
  ['a taxed boleta in US dollars', taxedBoleta],
  ['an export boleta (operation 0205) with a taxed line', exportBoleta],
  ['a factura in soles', factura],
  ['a credit note of a factura', facturaNote],
  ['a credit note of a boleta, in US dollars', boletaNote],
  ['a voiding notice (RA)', voiding],
  ['a daily summary voiding a boleta and its note (RC)', summary],
];

describe('SUNAT documents: built, signed, valid', () => {
  for (const [title, document] of kinds) {
    schemaTest(
      schemaTitle(`${title}: valid against its schema, its signature verifies`),
      async () => {
        const signed = signDocument(document, issuer, signer);
        expect(await validate(signed.xml, schemas[document.kind]())).toBe('');
        expect(verifySignedXml(signed.xml)).toBe(true);
        const doc = parse(signed.xml);
        const digests = doc.getElementsByTagNameNS(
          'http://www.w3.org/2000/09/xmldsig#',
          'DigestValue',
        );
        expect(digests.length).toBe(1);
        expect(signed.digest).toBe(digests.item(0)?.textContent);
        expect(Buffer.from(signed.digest, 'base64')).toHaveLength(32);
        // The signature sits in the extension content, with the Id cac:Signature names.
        const root = doc.documentElement as Element;
        const content = at(root, 'ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent')[0];
        const signature = at(content as Element, 'ds:Signature')[0];
        expect(signature?.getAttribute('Id')).toBe('SignatureSP');
        expect(
          textAt(
            root,
            'cac:Signature/cac:DigitalSignatureAttachment/cac:ExternalReference/cbc:URI',
          ),
        ).toEqual(['#SignatureSP']);
        expect(signed.xml).toContain(pemBody(signer.certificatePem));
      },
    );
  }

  it('every kind verifies (without the schemas too)', () => {
    for (const [, document] of kinds) {
      expect(verifySignedXml(signDocument(document, issuer, signer).xml)).toBe(true);
    }
  });
});

describe('the signature refuses a changed document', () => {
  for (const [title, document] of kinds) {
    it(`${title}: an amount changed after signing fails`, () => {
      const signed = signDocument(document, issuer, signer);
      const doc = parse(signed.xml);
      // The last amount (an RA has none: the last document number).
      const amounts = Array.from(doc.getElementsByTagName('*')).filter(
        (el) => el.hasAttribute('currencyID') || el.localName === 'DocumentNumberID',
      );
      expect(amounts.length).toBeGreaterThan(0);
      const last = amounts[amounts.length - 1] as Element;
      last.textContent = '0.01';
      const changed = new XMLSerializer().serializeToString(doc);
      expect(changed).not.toBe(signed.xml);
      expect(verifySignedXml(changed)).toBe(false);
    });
  }

  it('a changed signature value, a document signed by another key, none or two signatures fail', () => {
    const signed = signDocument(factura, issuer, signer);
    const value = /<ds:SignatureValue>([^<]+)</.exec(signed.xml)?.[1] as string;
    const flipped = `${value[0] === 'A' ? 'B' : 'A'}${value.slice(1)}`;
    expect(verifySignedXml(signed.xml.replace(value, flipped))).toBe(false);
    // Another key's certificate put in KeyInfo: the signature is not of that key.
    const other = makeTestCertificate(issuer);
    expect(
      verifySignedXml(
        signed.xml.replace(pemBody(signer.certificatePem), pemBody(other.certificatePem)),
      ),
    ).toBe(false);
    expect(verifySignedXml(documentXml(factura, issuer))).toBe(false);
    const twice = signed.xml.replace(
      '</ext:UBLExtensions>',
      `<ext:UBLExtension><ext:ExtensionContent>${/<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed.xml)?.[0]}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>`,
    );
    expect(verifySignedXml(twice)).toBe(false);
    expect(verifySignedXml('not xml <')).toBe(false);
  });
});

describe('the schema validation can fail', () => {
  schemaTest(schemaTitle('xmllint refuses an Invoice with its elements out of order'), async () => {
    const signed = signDocument(taxedBoleta, issuer, signer);
    const swapped = signed.xml.replace(
      /(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*)(<cbc:IssueTime>[^<]*<\/cbc:IssueTime>)/,
      '$3$2$1',
    );
    expect(swapped).not.toBe(signed.xml);
    expect(await validate(swapped, schemas.invoice())).toMatch(/IssueTime|IssueDate/);
  });

  schemaTest(
    schemaTitle('xmllint refuses a CreditNote with an element UBL does not know'),
    async () => {
      const signed = signDocument(facturaNote, issuer, signer);
      const bad = signed.xml.replace('<cbc:IssueDate>', '<cbc:Bogus>1</cbc:Bogus><cbc:IssueDate>');
      expect(await validate(bad, schemas.credit_note())).toMatch(/Bogus/);
    },
  );

  schemaTest(
    schemaTitle('the RA and RC schemas refuse a bad serie and a line without its status'),
    async () => {
      const ra = signDocument(
        {
          ...voiding,
          items: [{ documentType: '01', series: 'F-1', number: 1, reason: 'Wrong RUC' }],
        },
        issuer,
        signer,
      );
      expect(await validate(ra.xml, schemas.voiding())).toMatch(/DocumentSerialID/);
      const rc = signDocument(summary, issuer, signer).xml.replace(
        /<cac:Status>[\s\S]*?<\/cac:Status>/,
        '',
      );
      expect(await validate(rc, schemas.summary())).toMatch(/TotalAmount|Status/);
    },
  );
});

describe("SUNAT's profile in the XML", () => {
  const root = (document: SunatDocument) =>
    parse(signDocument(document, issuer, signer).xml).documentElement as Element;

  it('an Invoice: versions, id, type and operation, legend, currency, parties, terms, totals', () => {
    const xml = root(factura);
    expect(textAt(xml, 'cbc:UBLVersionID')).toEqual(['2.1']);
    expect(textAt(xml, 'cbc:CustomizationID')).toEqual(['2.0']);
    expect(textAt(xml, 'cbc:ID')).toEqual(['F001-1']);
    const type = at(xml, 'cbc:InvoiceTypeCode')[0] as Element;
    expect(type.textContent).toBe('01');
    expect(type.getAttribute('listID')).toBe('0101');
    const note = at(xml, 'cbc:Note')[0] as Element;
    expect(note.getAttribute('languageLocaleID')).toBe('1000');
    expect(note.textContent).toBe('SEISCIENTOS CON 00/100 SOLES');
    expect(textAt(xml, 'cbc:DocumentCurrencyCode')).toEqual(['PEN']);
    const supplier = at(xml, 'cac:AccountingSupplierParty/cac:Party')[0] as Element;
    const rucId = at(supplier, 'cac:PartyIdentification/cbc:ID')[0] as Element;
    expect([rucId.textContent, rucId.getAttribute('schemeID')]).toEqual([issuer.ruc, '6']);
    expect(textAt(supplier, 'cac:PartyLegalEntity/cbc:RegistrationName')).toEqual([
      issuer.legalName,
    ]);
    expect(
      textAt(supplier, 'cac:PartyLegalEntity/cac:RegistrationAddress/cbc:AddressTypeCode'),
    ).toEqual(['0000']);
    expect(textAt(supplier, 'cac:PartyLegalEntity/cac:RegistrationAddress/cbc:ID')).toEqual([
      '080101',
    ]);
    const buyer = at(xml, 'cac:AccountingCustomerParty/cac:Party')[0] as Element;
    expect(at(buyer, 'cac:PartyIdentification/cbc:ID')[0]?.getAttribute('schemeID')).toBe('6');
    expect(
      textAt(buyer, 'cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line'),
    ).toEqual(['Jr. Lampa 456, Lima']);
    expect(textAt(xml, 'cac:PaymentTerms/cbc:ID')).toEqual(['FormaPago']);
    expect(textAt(xml, 'cac:PaymentTerms/cbc:PaymentMeansID')).toEqual(['Contado']);
    expect(textAt(xml, 'cac:TaxTotal/cbc:TaxAmount')).toEqual(['91.53']);
    expect(textAt(xml, 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toEqual(['508.47']);
    expect(textAt(xml, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toEqual(['600.00']);
    expect(textAt(xml, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['600.00']);
    const line = at(xml, 'cac:InvoiceLine')[0] as Element;
    expect(at(line, 'cbc:InvoicedQuantity')[0]?.getAttribute('unitCode')).toBe('ZZ');
    expect(
      textAt(line, 'cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount'),
    ).toEqual(['200.00']);
    expect(
      textAt(line, 'cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode'),
    ).toEqual(['01']);
    expect(textAt(line, 'cac:Price/cbc:PriceAmount')).toEqual(['169.49']);
    expect(textAt(line, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toEqual([
      '18',
    ]);
    expect(
      textAt(line, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode'),
    ).toEqual(['10']);
  });

  it('a boleta has no payment terms; an export boleta has operation 0205 and the 9995 EXP FRE subtotal', () => {
    expect(at(root(taxedBoleta), 'cac:PaymentTerms')).toHaveLength(0);
    expect(textAt(root(taxedBoleta), 'cbc:Note')).toEqual([
      'MIL DOSCIENTOS DIEZ CON 00/100 DÓLARES AMERICANOS',
    ]);
    // 30.00 over 3 units: a unit value of 8.4733… (up to 10 decimals).
    expect(
      textAt(at(root(taxedBoleta), 'cac:InvoiceLine')[1] as Element, 'cac:Price/cbc:PriceAmount'),
    ).toEqual(['8.4733333333']);
    const xml = root(exportBoleta);
    expect(at(xml, 'cbc:InvoiceTypeCode')[0]?.getAttribute('listID')).toBe('0205');
    const subtotals = at(xml, 'cac:TaxTotal/cac:TaxSubtotal').map((node) => [
      ...textAt(node, 'cac:TaxCategory/cac:TaxScheme/cbc:ID'),
      ...textAt(node, 'cac:TaxCategory/cac:TaxScheme/cbc:Name'),
      ...textAt(node, 'cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode'),
      ...textAt(node, 'cbc:TaxableAmount'),
      ...textAt(node, 'cbc:TaxAmount'),
    ]);
    expect(subtotals).toEqual([
      ['1000', 'IGV', 'VAT', '550.85', '99.15'],
      ['9995', 'EXP', 'FRE', '650.00', '0.00'],
    ]);
    const exportLine = at(xml, 'cac:InvoiceLine')[0] as Element;
    const category = 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory';
    expect(textAt(exportLine, `${category}/cbc:Percent`)).toEqual(['0']);
    expect(textAt(exportLine, `${category}/cbc:TaxExemptionReasonCode`)).toEqual(['40']);
    expect(textAt(exportLine, `${category}/cac:TaxScheme/cbc:ID`)).toEqual(['9995']);
    expect(
      at(
        xml,
        'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID',
      )[0]?.getAttribute('schemeID'),
    ).toBe('7');
  });

  it('a CreditNote: the discrepancy (catalogue 09) and the document it modifies', () => {
    const xml = root(boletaNote);
    expect(textAt(xml, 'cbc:ID')).toEqual(['BC01-1']);
    expect(textAt(xml, 'cac:DiscrepancyResponse/cbc:ReferenceID')).toEqual(['B001-2']);
    expect(textAt(xml, 'cac:DiscrepancyResponse/cbc:ResponseCode')).toEqual(['06']);
    expect(textAt(xml, 'cac:DiscrepancyResponse/cbc:Description')).toEqual([
      'Booking cancelled: total refund',
    ]);
    expect(textAt(xml, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toEqual([
      'B001-2',
    ]);
    expect(
      textAt(xml, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode'),
    ).toEqual(['03']);
    expect(at(xml, 'cac:CreditNoteLine')).toHaveLength(2);
    expect(textAt(xml, 'cac:CreditNoteLine/cbc:CreditedQuantity')).toEqual(['1', '1']);
    expect(textAt(xml, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['1300.00']);
  });

  it('a voiding notice (RA) and a daily summary (RC) in SUNAT namespaces', () => {
    const ra = root(voiding);
    expect(ra.namespaceURI).toBe(
      'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
    );
    expect(textAt(ra, 'cbc:UBLVersionID')).toEqual(['2.0']);
    expect(textAt(ra, 'cbc:CustomizationID')).toEqual(['1.0']);
    expect(textAt(ra, 'cbc:ID')).toEqual(['RA-20261127-1']);
    expect(textAt(ra, 'cbc:ReferenceDate')).toEqual(['2026-11-26']);
    expect(textAt(ra, 'cac:AccountingSupplierParty/cbc:CustomerAssignedAccountID')).toEqual([
      issuer.ruc,
    ]);
    expect(textAt(ra, 'cac:AccountingSupplierParty/cbc:AdditionalAccountID')).toEqual(['6']);
    expect(textAt(ra, 'sac:VoidedDocumentsLine/sac:DocumentSerialID')).toEqual(['F001', 'FC01']);
    expect(textAt(ra, 'sac:VoidedDocumentsLine/sac:DocumentNumberID')).toEqual(['1', '3']);
    expect(textAt(ra, 'sac:VoidedDocumentsLine/cbc:DocumentTypeCode')).toEqual(['01', '07']);
    const rc = root(summary);
    expect(rc.namespaceURI).toBe(
      'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
    );
    expect(textAt(rc, 'cbc:CustomizationID')).toEqual(['1.1']);
    expect(textAt(rc, 'sac:SummaryDocumentsLine/cbc:ID')).toEqual(['B001-1', 'BC01-1']);
    expect(textAt(rc, 'sac:SummaryDocumentsLine/cac:Status/cbc:ConditionCode')).toEqual(['3', '3']);
    expect(textAt(rc, 'sac:SummaryDocumentsLine/sac:TotalAmount')).toEqual(['1210.00', '1300.00']);
    expect(
      textAt(
        rc,
        'sac:SummaryDocumentsLine/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID',
      ),
    ).toEqual(['B001-2']);
    const note = at(rc, 'sac:SummaryDocumentsLine')[1] as Element;
    expect(textAt(note, 'sac:BillingPayment/cbc:InstructionID')).toEqual(['01', '04']);
    expect(textAt(note, 'cac:AccountingCustomerParty/cbc:AdditionalAccountID')).toEqual(['7']);
    expect(sunatFileName(issuer.ruc, summary)).toBe(`${issuer.ruc}-RC-20261127-1`);
  });

  it('text is escaped by the builder, never concatenated', () => {
    const tricky = {
      ...factura,
      customer: { ...factura.customer, name: 'A & B <Tours> "SAC"' },
    };
    const signed = signDocument(tricky, issuer, signer);
    expect(verifySignedXml(signed.xml)).toBe(true);
    expect(
      textAt(
        parse(signed.xml).documentElement as Element,
        'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
      ),
    ).toEqual(['A & B <Tours> "SAC"']);
  });
});

describe('the signer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('without a certificate: a test one, made once, kept in app_meta, the same for two nodes starting at once', async () => {
    const config = testConfig().receipts;
    const warn = vi.fn();
    const [first, second] = await Promise.all([
      loadSigner(database.db, { ...config, certificate: undefined }, { warn }),
      loadSigner(database.db, { ...config, certificate: undefined }, { warn }),
    ]);
    expect(first.test).toBe(true);
    expect(second).toEqual(first);
    expect(warn).toHaveBeenCalledWith(TEST_CERTIFICATE_WARNING);
    expect(TEST_CERTIFICATE_WARNING).toMatch(/not accept/);
    const again = await loadSigner(database.db, { ...config, certificate: undefined });
    expect(again).toEqual(first);
    const rows = await database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, TEST_CERTIFICATE_KEY));
    expect(rows).toHaveLength(1);
    const certificate = forge.pki.certificateFromPem(first.certificatePem);
    expect(certificate.subject.getField({ type: '2.5.4.5' })?.value).toBe(
      `RUC${config.agency.ruc}`,
    );
    expect(certificate.subject.getField('CN')?.value).toContain(config.agency.ruc);
    const years =
      (certificate.validity.notAfter.getTime() - certificate.validity.notBefore.getTime()) /
      (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.99);
    expect((certificate.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
    expect(verifySignedXml(signDocument(factura, issuer, first).xml)).toBe(true);
  });

  it("with the agency's PKCS#12 file: its key and certificate, not a test signer; a wrong password is refused", async () => {
    const made = makeTestCertificate(issuer);
    const p12 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(made.privateKeyPem),
      [forge.pki.certificateFromPem(made.certificatePem)],
      'clave secreta',
      { algorithm: '3des' },
    );
    const file = path.join(work, 'agency.pfx');
    writeFileSync(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
    const config = testConfig().receipts;
    const warn = vi.fn();
    const signer = await loadSigner(
      database.db,
      { ...config, certificate: { file, password: 'clave secreta' } },
      { warn },
    );
    expect(signer.test).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(forge.pki.certificateToPem(forge.pki.certificateFromPem(signer.certificatePem))).toBe(
      forge.pki.certificateToPem(forge.pki.certificateFromPem(made.certificatePem)),
    );
    const signed = signDocument(taxedBoleta, issuer, signer);
    expect(verifySignedXml(signed.xml)).toBe(true);
    expect(() => signerFromPkcs12(readFileSync(file), 'wrong')).toThrow(/PKCS#12/);
    await expect(
      loadSigner(database.db, {
        ...config,
        certificate: { file: path.join(work, 'none.pfx'), password: '' },
      }),
    ).rejects.toThrow();
  });
});
