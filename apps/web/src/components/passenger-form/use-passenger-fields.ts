import {
  type ClientRecord,
  CustomerTypeId,
  type PassengerPayload,
  type PassengerRegistryItem,
  passengerPayloadFor,
} from '@cusco/shared';
import { type FormErrors, useForm } from '@mantine/form';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { schemaResolver } from '../../lib/forms.ts';
import { emptyValues, fromRecord, type PassengerFormValues } from './form-values.ts';

export interface PassengerFieldsOptions {
  slot: PassengerRegistryItem;
  bookingCode: string;
  /** The booking's travel date: passengers' ages are counted on it. */
  travelDate: string;
  record: ClientRecord | null;
}

/** Sends a checked passenger; `fail` shows the API's refusal above the form and on its field. */
export type SendPassenger = (payload: PassengerPayload, fail: (error: Error) => void) => void;

/**
 * The passenger form's state, whoever saves it (the customer, or staff at the desk): its values
 * checked by the shared schema of the slot's type (spec §9's ages, counted on the travel date, as
 * the API checks them), the problem shown above the form (scrolled into view), and `submitWith`,
 * which sends the payload once the form is valid.
 */
export function usePassengerFields({
  slot,
  bookingCode,
  travelDate,
  record,
}: PassengerFieldsOptions) {
  const { t } = useTranslation();
  const isStudent = slot.typeId === CustomerTypeId.student;
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
  const [problem, setProblem] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) top.current?.scrollIntoView({ block: 'start' });
  }, [problem]);

  /**
   * The form's submit handler: when the values are valid (and `ready`, e.g. no file still being
   * prepared), the payload goes to `send`; otherwise the spec's message stands above the form.
   */
  const submitWith = (
    send: SendPassenger,
    ready: () => boolean = () => true,
  ): ((event?: FormEvent<HTMLFormElement>) => void) =>
    form.onSubmit(
      (values) => {
        if (!ready()) return;
        setProblem(null);
        const payload: PassengerPayload = {
          ...values,
          dateExpirationCard: isStudent ? values.dateExpirationCard : null,
        };
        send(payload, (error) => {
          setProblem(errorMessage(error));
          if (error instanceof ApiError && error.field && error.field in values) {
            form.setFieldError(error.field, error.message);
          }
        });
      },
      (errors) => setProblem(t(invalidFormMessage(errors))),
    );

  return { form, problem, setProblem, top, isStudent, submitWith };
}

export type PassengerFields = ReturnType<typeof usePassengerFields>;

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
