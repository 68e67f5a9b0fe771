import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { SignedDocument } from '../model.ts';
import { NS, SIGNATURE_ID } from './build.ts';
import type { Signer } from './certificate.ts';

/**
 * XML-DSig as SUNAT's profile wants it (ADR 0047): one enveloped signature of the whole
 * document (Reference URI=""), RSA-SHA256 over a SHA-256 digest, inclusive C14N 1.0, the
 * signer's X.509 certificate in KeyInfo/X509Data, placed in the (first) ext:ExtensionContent with
 * Id SignatureSP (the URI cac:Signature names).
 */
export const ALGORITHMS = {
  canonicalization: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

const EXTENSION_CONTENT = `//*[local-name(.)='ExtensionContent' and namespace-uri(.)='${NS.ext}']`;

function parse(xml: string) {
  let failed = false;
  try {
    const doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(xml, 'text/xml');
    return failed ? null : doc;
  } catch {
    return null;
  }
}

/** Signs an unsigned document (its empty ext:ExtensionContent receives the signature). */
export function signXml(xml: string, signer: Signer): SignedDocument {
  const signature = new SignedXml({
    privateKey: signer.privateKeyPem,
    publicCert: signer.certificatePem,
    signatureAlgorithm: ALGORITHMS.signature,
    canonicalizationAlgorithm: ALGORITHMS.canonicalization,
  });
  signature.addReference({
    xpath: '/*',
    isEmptyUri: true,
    digestAlgorithm: ALGORITHMS.digest,
    transforms: [ALGORITHMS.enveloped, ALGORITHMS.canonicalization],
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: SIGNATURE_ID },
    location: { reference: EXTENSION_CONTENT, action: 'append' },
  });
  const signed = signature.getSignedXml();
  const doc = parse(signed);
  const digest = doc?.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)?.textContent?.trim();
  if (!digest) throw new Error('the signed document has no DigestValue');
  return { xml: signed, digest };
}

/**
 * Whether `xml` carries exactly one signature, of the whole document, that verifies with the
 * certificate in its own KeyInfo. (Whose certificate it is — the agency's — is SUNAT's check.)
 */
export function verifySignedXml(xml: string): boolean {
  const doc = parse(xml);
  if (!doc) return false;
  const signatures = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  const node = signatures.item(0);
  if (signatures.length !== 1 || !node) return false;
  const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    verifier.loadSignature(node);
    if (!verifier.checkSignature(xml)) return false;
  } catch {
    return false;
  }
  const references = verifier.getReferences();
  return references.length === 1 && references.every((reference) => reference.uri === '');
}
