import type { Language } from '@cusco/shared';

const locales: Record<Language, string> = { en: 'en-US', es: 'es-PE' };

/** An amount in a receipt's own currency (USD or PEN): "$125.50" / "S/ 125.50". */
export function formatReceiptMoney(amount: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(locales[language], { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** A receipt status's badge colour (issued: waiting for SUNAT; rejected: staff act). */
export const receiptStatusColors: Record<string, string> = {
  issued: 'yellow',
  accepted: 'teal',
  rejected: 'red',
  voiding: 'grape',
  voided: 'gray',
};
