import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentsConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { CheckoutRequest, CurrencyCode, PaymentGateway } from '../gateway.ts';

type PaymeConfig = PaymentsConfig['payme'];

/** ISO 4217 numeric codes, as VPOS2 names currencies (spec §9: 840 and 604). */
const numericCodes: Record<CurrencyCode, string> = { USD: '840', PEN: '604' };

export function numericCurrency(currency: CurrencyCode): string {
  return numericCodes[currency];
}

/** The ISO code of a VPOS2 numeric currency code; null for one we do not price in. */
export function currencyOfNumeric(code: string): CurrencyCode | null {
  const found = Object.entries(numericCodes).find(([, numeric]) => numeric === code);
  return found ? (found[0] as CurrencyCode) : null;
}

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/** The signed fields of a purchase's answer (the request's, with its result). */
export interface PaymeAnswer {
  purchaseOperationNumber: string;
  purchaseAmount: string;
  purchaseCurrencyCode: string;
  authorizationResult: string;
}

/**
 * Pay-me VPOS2's signature (DESIGN.md): hex SHA-512 of acquirerId + idCommerce +
 * purchaseOperationNumber + purchaseAmount + purchaseCurrencyCode, then, in an answer, its
 * authorizationResult, then the secret key.
 */
function sign(
  config: PaymeConfig,
  fields: Omit<PaymeAnswer, 'authorizationResult'> & { authorizationResult?: string },
) {
  return sha512(
    [
      config.acquirerId,
      config.commerceId,
      fields.purchaseOperationNumber,
      fields.purchaseAmount,
      fields.purchaseCurrencyCode,
      fields.authorizationResult ?? '',
      config.secretKey,
    ].join(''),
  );
}

/** A purchase's signature, as the form posts it to VPOS2. */
export function purchaseVerification(
  config: PaymeConfig,
  operationNumber: string,
  amount: string,
  currencyCode: string,
): string {
  return sign(config, {
    purchaseOperationNumber: operationNumber,
    purchaseAmount: amount,
    purchaseCurrencyCode: currencyCode,
  });
}

/** An answer's signature: the purchase's, with authorizationResult before the key. */
export function answerVerification(config: PaymeConfig, answer: PaymeAnswer): string {
  return sign(config, answer);
}

/** Compares the answer's hash in constant time; an empty or malformed hash is a rejection. */
export function verifyAnswer(
  config: PaymeConfig,
  answer: PaymeAnswer & { purchaseVerification: string },
): boolean {
  const given = answer.purchaseVerification.trim().toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  const expected = Buffer.from(answerVerification(config, answer), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The form fields posted to VPOS2 (spec §7 payment gateway form). */
export function paymeFormFields(
  config: PaymeConfig,
  request: CheckoutRequest,
): Record<string, string> {
  const operationNumber = String(request.operationNumber).padStart(6, '0');
  const amount = String(request.amountCents);
  const currencyCode = numericCurrency(request.currency);
  return {
    acquirerId: config.acquirerId,
    idCommerce: config.commerceId,
    purchaseOperationNumber: operationNumber,
    purchaseAmount: amount,
    purchaseCurrencyCode: currencyCode,
    language: 'SP',
    shippingFirstName: request.customer.name,
    shippingLastName: request.customer.lastName,
    shippingEmail: request.customer.email,
    shippingAddress: 'Cusco',
    shippingZIP: '08000',
    shippingCity: 'Cusco',
    shippingState: 'Cusco',
    shippingCountry: 'PE',
    userCommerce: request.customer.email,
    descriptionProducts: `${request.bookingCode} ${request.tourName}`.slice(0, 100),
    programmingLanguage: 'JS',
    reserved1: request.bookingCode,
    reserved2: request.attemptId,
    purchaseVerification: purchaseVerification(config, operationNumber, amount, currencyCode),
  };
}

/** Alignet Pay-me VPOS2: a form posted by the browser; answers come back to /api/payments/notify/payme. */
export function paymeGateway(config: PaymeConfig): PaymentGateway {
  return {
    name: 'payme',
    // VPOS2 offers no status query reachable from here: its answers are the only news.
    reportWindowHours: 0,
    async createCheckout(_db, request) {
      return { kind: 'form', action: config.url, fields: paymeFormFields(config, request) };
    },
    async close() {
      // VPOS2 has no call to close a checkout either: the attempt may still be paid until it
      // expires, and an answer for it after that is still verified and recorded (or marked for
      // refund).
      return { status: 'unknown' };
    },
    async queryStatus() {
      // VPOS2 has no status query: the answer never changes (its notification moves the attempt).
      return { status: 'unknown', stands: { until: Number.POSITIVE_INFINITY, keys: [] } };
    },
    async refund() {
      // VPOS2 has no refund call reachable from here: refunds are made in Pay-me's console.
      throw new AppError('BUSINESS_RULE', 'refundNotSupported');
    },
  };
}
