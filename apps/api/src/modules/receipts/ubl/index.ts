/**
 * STAND-IN (issuing branch) for the ubl branch's UBL 2.1 builder and XML-DSig signer, with its
 * interface (COMMON.md): the lead takes the ubl branch's version of this file at merge. It writes
 * the document's model as plain XML and a SHA-256 digest of it, so that the issuing code and its
 * tests run before the real builder lands. NOT a valid SUNAT document.
 */
import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { Issuer, SignedDocument, SunatDocument } from '../model.ts';
import type { Signer } from './certificate.ts';

export function signDocument(
  document: SunatDocument,
  issuer: Issuer,
  _signer: Signer,
): SignedDocument {
  const xml = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('StandInDocument', { issuer: issuer.ruc, kind: document.kind })
    .txt(JSON.stringify(document))
    .end();
  return { xml, digest: createHash('sha256').update(xml).digest('base64') };
}

export function verifySignedXml(xml: string): boolean {
  return xml.includes('StandInDocument');
}
