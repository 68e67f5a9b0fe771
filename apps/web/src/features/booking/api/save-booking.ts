import { type BookingRequest, bookingSaveResponse } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST tour/save, with an Idempotency-Key so that a repeated click saves one booking. */
export function useSaveBooking() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookingRequest; idempotencyKey: string }) =>
      api.post('tour/save', body, {
        schema: bookingSaveResponse,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    meta: { inlineErrors: true },
  });
}
