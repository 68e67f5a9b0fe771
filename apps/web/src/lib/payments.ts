import { type PaymentAddRequest, paymentAddResponse } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, errorMessage } from './api-client.ts';

/**
 * POST tour/payment/add: the server opens (or reopens) the payment of an amount it checked. The
 * screens show its errors in place: a 409 says a payment is already in progress (the gateway is
 * taking a card), a 429 that the customer should wait a moment.
 */
export function useAddPayment() {
  return useMutation({
    mutationFn: (body: PaymentAddRequest) =>
      api.post('tour/payment/add', body, { schema: paymentAddResponse }),
    meta: { inlineErrors: true },
  });
}

/** A payment that could not be opened: the server's message, and whether one is in progress. */
export function paymentProblem(error: unknown): { message: string; inProgress: boolean } {
  return {
    message: errorMessage(error),
    inProgress: error instanceof ApiError && error.status === 409,
  };
}
