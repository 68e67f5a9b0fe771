import type { ReceiptsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Signer } from './ubl/certificate.ts';

/**
 * What issuing a receipt needs beyond the transaction: the configuration (the agency, the series,
 * the provider) and the signer. Made once at start (app.ts) and kept per database handle, so that
 * the code that records payments reaches it from the `db` it already has, without a new argument
 * through every caller; two apps on two databases in one process (tests) keep theirs apart.
 */
export interface ReceiptsContext {
  config: ReceiptsConfig;
  signer: Signer;
  log?: { warn(details: object, message: string): void };
}

const contexts = new WeakMap<Database, ReceiptsContext>();

export function registerReceiptsContext(db: Database, context: ReceiptsContext) {
  contexts.set(db, context);
}

/** The issuing context of a database handle; undefined outside an app (the sweeper catches up). */
export function receiptsContextOf(db: Database): ReceiptsContext | undefined {
  return contexts.get(db);
}
