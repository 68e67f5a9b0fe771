import { additionalServiceOptions, addServicesResponse } from '@cusco/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** GET tour/{code}/service/additional: the services the booking's tour offers. */
export function useServiceOptions(code: string, enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['service-options', code, language],
    queryFn: ({ signal }) =>
      api.get(`tour/${encodeURIComponent(code)}/service/additional`, {
        schema: additionalServiceOptions,
        signal,
      }),
    enabled,
  });
}

export interface PurchaseLine {
  serviceId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** POST tour/add/service?bookingId={code}: buys more services for a reservation. */
export function useAddServices(code: string) {
  return useMutation({
    mutationFn: (lines: PurchaseLine[]) =>
      api.post('tour/add/service', lines, {
        schema: addServicesResponse,
        searchParams: { bookingId: code },
      }),
  });
}
