import type { Issuer, SignedDocument, SunatDocument } from '../model.ts';
import { documentXml } from './build.ts';
import type { Signer } from './certificate.ts';
import { signXml, verifySignedXml } from './sign.ts';

/**
 * A SUNAT document as signed UBL XML (issue 30, ADR 0047): a factura or boleta (Invoice), a
 * credit note (CreditNote), a voiding notice (RA) or a daily summary (RC), signed by `signer`.
 * `digest` is the signature's DigestValue, the hash the printed receipt's QR code carries.
 */
export function signDocument(
  document: SunatDocument,
  issuer: Issuer,
  signer: Signer,
): SignedDocument {
  return signXml(documentXml(document, issuer), signer);
}

export { loadSigner, type Signer, TEST_CERTIFICATE_WARNING } from './certificate.ts';
export { documentXml, verifySignedXml };
