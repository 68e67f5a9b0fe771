import type { ReceiptsConfig } from '../../config.ts';
import { localProvider } from './local-provider.ts';
import type { Issuer, ReceiptDocument, SignedDocument } from './model.ts';
import { nubefactProvider } from './nubefact.ts';

/**
 * Where receipts go (issue 30, ADR 0049): one port, two issuers. `local` (the default) keeps
 * them in the database and accepts them at once, as the mailbox keeps mail: nothing reaches
 * SUNAT. `nubefact` sends them to a PSE's JSON API over HTTPS, which passes them to SUNAT and
 * answers SUNAT's word. The send worker (send.ts) calls `send` outside any transaction.
 */

/** A receipt or credit note to send: its model, its signed XML, the agency that issues it. */
export interface ReceiptSendItem {
  kind: 'receipt';
  issuer: Issuer;
  document: ReceiptDocument;
  signed: SignedDocument;
}

/** A voiding notice (RA) or daily summary (RC) that voids the documents listed. */
export interface VoidingSendItem {
  kind: 'voiding';
  issuer: Issuer;
  voidingKind: 'RA' | 'RC';
  identifier: string;
  reason: string;
  documents: {
    documentType: '01' | '03' | '07';
    series: string;
    number: number;
    issueDate: string;
  }[];
  signed: SignedDocument;
}

export type SendItem = ReceiptSendItem | VoidingSendItem;

/**
 * What came of a send. accepted / rejected: SUNAT's word (code 0, or its error code such as
 * 2017 and its description; a rejection is final). unavailable: no word (a timeout, the PSE or
 * SUNAT down, an answer not yet there): tried again later with backoff.
 */
export interface ProviderAnswer {
  outcome: 'accepted' | 'rejected' | 'unavailable';
  code?: string;
  description?: string;
  links?: { pdf?: string; xml?: string; cdr?: string };
}

export interface ReceiptProvider {
  name: 'local' | 'nubefact';
  send(item: SendItem): Promise<ProviderAnswer>;
}

/** The configured issuer (RECEIPT_PROVIDER). */
export function createReceiptProvider(config: ReceiptsConfig): ReceiptProvider {
  if (config.provider === 'nubefact') {
    const { url, token } = config.nubefact;
    if (!url || !token) {
      throw new Error('RECEIPT_PROVIDER=nubefact needs NUBEFACT_URL and NUBEFACT_TOKEN');
    }
    return nubefactProvider({ url, token });
  }
  return localProvider();
}
