import {
  type ClientRecord,
  CustomerTypeId,
  type PassengerPayload,
  type PassengerRegistryItem,
  passengerPayloadFor,
} from '@cusco/shared';
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { schemaResolver } from '../../../../lib/forms.ts';
import { useSavePassenger, useUploadDocument } from '../../api/passengers.ts';
import { emptyValues, fromRecord, type PassengerFormValues } from './form-values.ts';
import { useScanFile } from './scan-upload.tsx';

export interface PassengerFormOptions {
  slot: PassengerRegistryItem;
  bookingCode: string;
  /** The booking's travel date: passengers' ages are counted on it. */
  travelDate: string;
  record: ClientRecord | null;
  onSaved(): void;
}

/**
 * The passenger form's state: its values checked by the rules of the slot's type, the scan to
 * upload, the problem shown above the form (scrolled into view), and Save.
 */
export function usePassengerForm({
  slot,
  bookingCode,
  travelDate,
  record,
  onSaved,
}: PassengerFormOptions) {
  const { t } = useTranslation();
  const isStudent = slot.typeId === CustomerTypeId.student;
  // Spec §9's ages of the slot's type, counted on the travel date, as the API checks them.
  const schema = useMemo(
    () => passengerPayloadFor(slot.typeId, travelDate),
    [slot.typeId, travelDate],
  );
  // The schema holds every rule of the slot on its own field, the birth date's age included.
  const validate = useMemo(() => schemaResolver(schema), [schema]);
  const form = useForm<PassengerFormValues>({
    initialValues: record ? fromRecord(record, bookingCode) : emptyValues(bookingCode),
    validate,
  });
  const scan = useScanFile();
  const [problem, setProblem] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const save = useSaveWithScan(slot, onSaved, setProblem);

  useEffect(() => {
    if (problem) top.current?.scrollIntoView({ block: 'start' });
  }, [problem]);

  const submit = form.onSubmit(
    (values) => {
      // A photo still being fitted to the limit is not sent as it was chosen.
      if (scan.fileError || scan.preparing) return;
      setProblem(null);
      const payload: PassengerPayload = {
        ...values,
        dateExpirationCard: isStudent ? values.dateExpirationCard : null,
      };
      save.run(payload, scan.file, (error) => {
        setProblem(errorMessage(error));
        if (error instanceof ApiError && error.field && error.field in values) {
          form.setFieldError(error.field, error.message);
        }
      });
    },
    (errors) => setProblem(t(invalidFormMessage(errors))),
  );

  return { form, scan, problem, top, submit, saving: save.pending, isStudent };
}

/**
 * Spec §5: any required field missing → 'Please Complete All Fields'; a student's card expiry
 * missing → 'Please Confirm All Fields'.
 */
function invalidFormMessage(errors: FormErrors) {
  const messages = Object.values(errors);
  if (messages.includes('completeAllFields')) return 'msg:completeAllFields';
  if (messages.includes('confirmAllFields')) return 'msg:confirmAllFields';
  return 'msg:checkFields';
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
