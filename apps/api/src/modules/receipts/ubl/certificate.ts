/**
 * STAND-IN (issuing branch) for the ubl branch's certificate loader, with its interface
 * (COMMON.md): the lead takes the ubl branch's version of this file at merge. It answers a test
 * signer without a key (the stand-in builder signs nothing).
 */
import type { ReceiptsConfig } from '../../../config.ts';
import type { Executor } from '../../../db/client.ts';

export interface Signer {
  privateKeyPem: string;
  certificatePem: string;
  /** The generated test certificate: not valid for SUNAT. */
  test: boolean;
}

export async function loadSigner(
  _db: Executor,
  config: ReceiptsConfig,
  _log?: { warn(message: string): void },
): Promise<Signer> {
  return { privateKeyPem: '', certificatePem: '', test: config.certificate === undefined };
}
