import { receiptCode } from '@cusco/shared';
import type { ProviderAnswer, ReceiptProvider, SendItem } from './provider.ts';

/** SUNAT's names of the document types, as its acceptance (CDR) words them. */
const documentNames: Record<string, string> = {
  '01': 'Factura',
  '03': 'Boleta',
  '07': 'Nota de Credito',
};

/**
 * The default issuer: the receipt stays in the database, accepted at once with the words SUNAT's
 * acceptance uses ("La Factura numero F001-00000001, ha sido aceptada"). Nothing reaches SUNAT:
 * a default install issues documents to look at, not to declare (docs/receipts.md).
 */
export function localProvider(): ReceiptProvider {
  return {
    name: 'local',
    async send(item: SendItem): Promise<ProviderAnswer> {
      if (item.kind === 'voiding') {
        return {
          outcome: 'accepted',
          code: '0',
          description: `La Comunicacion de baja ${item.identifier}, ha sido aceptada`,
        };
      }
      const { document } = item;
      const name = documentNames[document.documentType] ?? 'Comprobante';
      return {
        outcome: 'accepted',
        code: '0',
        description: `La ${name} numero ${receiptCode(document.series, document.number)}, ha sido aceptada`,
      };
    },
  };
}
