import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { ReceiptsConfig } from '../../../config.ts';
import type { Executor } from '../../../db/client.ts';
import { appMeta } from '../../../db/schema.ts';

/** What signs the receipts: a private key and its X.509 certificate, in PEM. */
export interface Signer {
  privateKeyPem: string;
  certificatePem: string;
  /** A test certificate made by this installation: SUNAT does not accept what it signs. */
  test: boolean;
}

/** Where the test certificate is kept (app_meta), as JSON of its two PEMs. */
export const TEST_CERTIFICATE_KEY = 'receipt_test_certificate';

/** The log line an installation signing with the test certificate writes at start. */
export const TEST_CERTIFICATE_WARNING =
  'Receipts are signed with a TEST certificate made by this installation: SUNAT does not accept them. Set RECEIPT_CERTIFICATE_FILE and RECEIPT_CERTIFICATE_PASSWORD to the agency’s certificate (docs/receipts.md).';

interface Log {
  warn(message: string): void;
}

/**
 * The signer the configuration names: the agency's PKCS#12 file (.pfx/.p12) and its password;
 * without one, the installation's test certificate, made the first time and kept in the
 * database so that every API node and every restart signs with the same one. `log` is told,
 * once per call, when the signer is the test one.
 */
export async function loadSigner(
  db: Executor,
  config: Pick<ReceiptsConfig, 'agency' | 'certificate'>,
  log?: Log,
): Promise<Signer> {
  if (config.certificate) {
    const file = await readFile(config.certificate.file);
    return signerFromPkcs12(file, config.certificate.password);
  }
  const signer = await testSigner(db, config.agency);
  log?.warn(TEST_CERTIFICATE_WARNING);
  return signer;
}

/** The key and certificate in a PKCS#12 file (the certificate whose public key is the key's). */
export function signerFromPkcs12(file: Uint8Array, password: string): Signer {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(file));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    throw new Error(
      `the receipts' certificate (RECEIPT_CERTIFICATE_FILE) could not be read as PKCS#12 with its password: ${(error as Error).message}`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [
    ...bags(forge.pki.oids.pkcs8ShroudedKeyBag as string),
    ...bags(forge.pki.oids.keyBag as string),
  ].flatMap((bag) => (bag.key ? [bag.key as forge.pki.rsa.PrivateKey] : []));
  const certificates = bags(forge.pki.oids.certBag as string).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  for (const key of keys) {
    const certificate = certificates.find((candidate: forge.pki.Certificate) => {
      const publicKey = candidate.publicKey as forge.pki.rsa.PublicKey;
      return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
    });
    if (certificate) {
      return {
        privateKeyPem: forge.pki.privateKeyToPem(key),
        certificatePem: forge.pki.certificateToPem(certificate),
        test: false,
      };
    }
  }
  throw new Error(
    "the receipts' certificate (RECEIPT_CERTIFICATE_FILE) holds no RSA private key with its certificate",
  );
}

/** A self-signed certificate naming the RUC, valid for ten years from `now`. */
export function makeTestCertificate(
  agency: { ruc: string; legalName: string },
  now = new Date(),
): { privateKeyPem: string; certificatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial number (the first byte's high bit clear).
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const subject = [
    { name: 'commonName', value: `TEST ${agency.ruc} NOT VALID FOR SUNAT` },
    { name: 'organizationName', value: agency.legalName.slice(0, 64) },
    { type: '2.5.4.5', value: `RUC${agency.ruc}` },
    { name: 'countryName', value: 'PE' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, certificatePem: forge.pki.certificateToPem(certificate) };
}

/**
 * The installation's test signer: made the first time and kept in app_meta. Two nodes starting
 * at once each make one, the first insert wins and both read the winner back.
 */
export async function testSigner(
  db: Executor,
  agency: { ruc: string; legalName: string },
): Promise<Signer> {
  const [existing] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, TEST_CERTIFICATE_KEY));
  if (!existing) {
    await db
      .insert(appMeta)
      .values({ key: TEST_CERTIFICATE_KEY, value: JSON.stringify(makeTestCertificate(agency)) })
      .onConflictDoNothing();
  }
  const [row] = existing
    ? [existing]
    : await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, TEST_CERTIFICATE_KEY));
  if (!row) throw new Error('the receipts’ test certificate could not be stored');
  const stored = JSON.parse(row.value) as { privateKeyPem: string; certificatePem: string };
  return { privateKeyPem: stored.privateKeyPem, certificatePem: stored.certificatePem, test: true };
}
