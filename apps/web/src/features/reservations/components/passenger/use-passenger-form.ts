import type { PassengerPayload, PassengerRegistryItem } from '@cusco/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PassengerFieldsOptions,
  usePassengerFields,
} from '../../../../components/passenger-form/use-passenger-fields.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { useSavePassenger, useUploadDocument } from '../../api/passengers.ts';
import { useScanFile } from './scan-upload.tsx';

export interface PassengerFormOptions extends PassengerFieldsOptions {
  onSaved(): void;
}

/**
 * The customer's passenger form: the shared form's state (components/passenger-form), the scan
 * to upload, and Save through the customer's own routes.
 */
export function usePassengerForm({ onSaved, ...options }: PassengerFormOptions) {
  const fields = usePassengerFields(options);
  const scan = useScanFile();
  const save = useSaveWithScan(options.slot, onSaved, fields.setProblem);
  // A photo still being fitted to the limit is not sent as it was chosen.
  const submit = fields.submitWith(
    (payload, fail) => save.run(payload, scan.file, fail),
    () => !(scan.fileError || scan.preparing),
  );
  return { fields, scan, submit, saving: save.pending };
}

/** Saves the passenger, then uploads the scan when one was chosen. */
function useSaveWithScan(
  slot: PassengerRegistryItem,
  onSaved: () => void,
  setProblem: (problem: string) => void,
) {
  const { t } = useTranslation();
  const save = useSavePassenger();
  const upload = useUploadDocument();
  /**
   * The passenger once saved here: when the scan's upload then fails (too large, too many
   * uploads: 429), Save again updates this passenger and retries the upload, instead of
   * creating the passenger a second time.
   */
  const [savedClientId, setSavedClientId] = useState<string | null>(null);

  const run = (payload: PassengerPayload, file: File | null, onError: (error: Error) => void) =>
    save.mutate(
      { slotId: slot.id, clientId: savedClientId ?? slot.clientId, payload },
      {
        onSuccess: (clientId) => {
          setSavedClientId(clientId);
          const finish = () => {
            onSaved();
            showSuccess(t('passenger.savedTitle'), t('passenger.savedText'));
          };
          if (!file) return finish();
          upload.mutate(
            { clientId, file },
            {
              onSuccess: finish,
              onError: (error) =>
                setProblem(t('passenger.uploadFailed', { message: errorMessage(error) })),
            },
          );
        },
        onError,
      },
    );

  return { run, pending: save.isPending || upload.isPending };
}
