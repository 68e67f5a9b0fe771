import {
  clientRecord,
  documentUploadResponse,
  type PassengerPayload,
  passengerSaveResponse,
} from '@cusco/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET client/{id}: a registered passenger, to edit. */
export function useClientRecord(clientId: string | null) {
  return useQuery({
    queryKey: ['client', clientId],
    queryFn: ({ signal }) => api.get(`client/${clientId}`, { schema: clientRecord, signal }),
    enabled: clientId !== null,
    staleTime: 0,
  });
}

/**
 * Saves a passenger: POST client/{slotId}/create for an empty slot, PUT client/{id}/update for a
 * registered one; then, when a file was chosen, POST client/{id}/add/document (spec §4).
 */
export function useSavePassenger() {
  return useMutation({
    mutationFn: async (input: {
      slotId: string;
      clientId: string | null;
      payload: PassengerPayload;
    }) => {
      const saved = input.clientId
        ? await api.put(`client/${input.clientId}/update`, input.payload, {
            schema: passengerSaveResponse,
          })
        : await api.post(`client/${input.slotId}/create`, input.payload, {
            schema: passengerSaveResponse,
          });
      return saved.id;
    },
    meta: { inlineErrors: true },
  });
}

export function useUploadDocument() {
  return useMutation({
    mutationFn: (input: { clientId: string; file: File }) => {
      const body = new FormData();
      body.append('file', input.file);
      return api.upload(`client/${input.clientId}/add/document`, body, {
        schema: documentUploadResponse,
      });
    },
    meta: { inlineErrors: true },
  });
}
