import { type PaymentAddRequest, paymentAddResponse } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** POST tour/payment/add: the server opens (or reopens) the payment of an amount it checked. */
export function useAddPayment() {
  return useMutation({
    mutationFn: (body: PaymentAddRequest) =>
      api.post('tour/payment/add', body, { schema: paymentAddResponse }),
  });
}
