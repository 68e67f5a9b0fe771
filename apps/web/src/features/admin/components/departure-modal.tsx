import {
  type DepartureUpdateRequest,
  departureStatuses,
  type ManagedDeparture,
} from '@cusco/shared';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormRulesRecord, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { FormModal } from '../../../components/form-modal.tsx';
import { useInputProps } from '../../../lib/forms.ts';
import { useManageDeparture } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { BookingsToContact } from './bookings-to-contact.tsx';
import { CapacityConflict } from './capacity-conflict.tsx';
import { FormActions } from './form-actions.tsx';

const wholeNumber = (value: number | '', max: number) =>
  value !== '' && Number.isInteger(value) && value >= 0 && value <= max;

/** A departure's figures as the form holds them: empty is "the tour's own" (or none). */
export type DepartureFormValues = {
  tourCode: string;
  date: string;
  capacity: number | '';
  permits: number | '';
  privateGroups: number | '';
  status: string;
  reason: string;
};

const blank: DepartureFormValues = {
  tourCode: '',
  date: '',
  capacity: '',
  permits: '',
  privateGroups: '',
  status: 'open',
  reason: '',
};

/** Empty, or a whole number from 0 to `max`. */
const optionalWhole = (max: number, hint: string) => (value: number | '') =>
  value === '' || wholeNumber(value, max) ? null : hint;

/** A number field's value for the API: empty is null, sent as such (a field left out keeps its old value). */
const orNull = (value: number | '') => (value === '' ? null : Number(value));

/** The most of each figure a departure takes. */
const figureLimits = { capacity: 999, permits: 9999, privateGroups: 99 };

/** A departure's figures as the API takes them (an empty number is null). */
const figuresBody = (values: DepartureFormValues): DepartureUpdateRequest => ({
  capacity: orNull(values.capacity),
  permits: orNull(values.permits),
  privateGroups: orNull(values.privateGroups),
  status: values.status as DepartureUpdateRequest['status'],
  reason: values.reason,
});

/**
 * The state of a modal that saves departures: its form, whose figures are checked here beside
 * the modal's own `validate` rules and sent by `save` (as a body of figures), and the answer
 * once saved. Closing starts the form, the call and the answer over.
 */
export function useDepartureForm<Values extends DepartureFormValues, Answer>({
  initialValues,
  validate,
  mutation,
  save,
  onClose,
}: {
  initialValues: Values;
  validate: FormRulesRecord<Values>;
  mutation: { reset(): void; error: unknown; isPending: boolean };
  save(values: Values, figures: DepartureUpdateRequest, onSaved: (answer: Answer) => void): void;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const hint = t('departure.capacityHint');
  const figureRules: FormRulesRecord<DepartureFormValues> = {
    capacity: optionalWhole(figureLimits.capacity, hint),
    permits: optionalWhole(figureLimits.permits, hint),
    privateGroups: optionalWhole(figureLimits.privateGroups, hint),
    // A closed or cancelled day says why: customers read it on the calendar (issue 28).
    reason: (value, values) =>
      values.status !== 'open' && !value.trim() ? t('ops.departure.reasonRequired') : null,
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: { ...validate, ...figureRules } as FormRulesRecord<Values>,
  });
  const close = () => {
    form.reset();
    mutation.reset();
    setAnswer(null);
    onClose();
  };
  const submit = form.onSubmit((values) => save(values, figuresBody(values), setAnswer));
  return { inputProps: useInputProps(form), mutation, answer, close, submit };
}

/**
 * A modal that saves departures: its own fields (`children`), the figures and the buttons; once
 * saved, what the answer says (`saved`) and Done.
 */
export function DepartureFormModal({
  opened,
  title,
  departure,
  submitLabel,
  saved,
  children,
}: {
  opened: boolean;
  title: string;
  departure: {
    answer: unknown;
    close(): void;
    submit(event?: React.FormEvent<HTMLFormElement>): void;
    inputProps: FigureInputProps;
    mutation: { error: unknown; isPending: boolean };
  };
  submitLabel: string;
  saved: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminText();
  const { close, submit, inputProps, mutation } = departure;
  return (
    <FormModal opened={opened} onClose={close} title={title}>
      {departure.answer ? (
        <Stack>
          {saved}
          <Group justify="flex-end">
            <Button onClick={close}>{t('departure.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {children}
            <DepartureFigures inputProps={inputProps} />
            <CapacityConflict error={mutation.error} />
            <FormActions mutation={mutation} submitLabel={submitLabel} onCancel={close} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}

/**
 * Sets a departure's seats, permits, private groups and status (administrators), from the
 * day's figures when one is given. Closing one with bookings never drops them: the answer lists
 * them, to be contacted.
 */
export function DepartureModal({
  opened,
  onClose,
  initial,
}: {
  opened: boolean;
  onClose(): void;
  initial?: Partial<DepartureFormValues>;
}) {
  const { t } = useAdminText();
  const manage = useManageDeparture();
  const departure = useDepartureForm<DepartureFormValues, ManagedDeparture>({
    initialValues: { ...blank, ...initial },
    validate: {
      tourCode: (value) => (/^\d{6}$/.test(value) ? null : t('departure.tourCodeHint')),
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('departure.dateHint')),
    },
    mutation: manage,
    save: ({ tourCode, date }, body, onSaved) =>
      manage.mutate({ tourCode, date, body }, { onSuccess: onSaved }),
    onClose,
  });
  const result = departure.answer;
  return (
    <DepartureFormModal
      opened={opened}
      title={t('departure.title')}
      departure={departure}
      submitLabel={t('departure.save')}
      saved={
        result && (
          <>
            <Text data-testid="departure-result">
              {t('departure.saved', { count: result.seatsLeft, booked: result.booked })}
            </Text>
            {result.status !== 'open' && <BookingsToContact bookings={result.bookings} />}
          </>
        )
      }
    >
      <TextInput
        label={t('departure.tourCode')}
        required
        data-autofocus
        {...departure.inputProps('tourCode')}
      />
      <TextInput label={t('date')} type="date" required {...departure.inputProps('date')} />
    </DepartureFormModal>
  );
}

/** The input props of the figures' fields. */
type FigureInputProps = (
  path: 'capacity' | 'permits' | 'privateGroups' | 'status' | 'reason',
) => ReturnType<ReturnType<typeof useInputProps<DepartureFormValues>>>;

/** The figures of one departure or of many: seats, permits, private groups, status and reason. */
export function DepartureFigures({ inputProps }: { inputProps: FigureInputProps }) {
  const { t } = useAdminText();
  const number = (name: keyof typeof figureLimits) => (
    <NumberInput
      clampBehavior="none"
      label={t(`departure.${name}`)}
      description={t(`departure.${name}Help`)}
      min={0}
      max={figureLimits[name]}
      allowDecimal={false}
      {...inputProps(name)}
    />
  );
  return (
    <>
      {number('capacity')}
      {number('permits')}
      {number('privateGroups')}
      <Select
        label={t('departure.status')}
        data={departureStatuses.map((value) => ({
          value,
          label: t(`departure.statuses.${value}`),
        }))}
        allowDeselect={false}
        {...inputProps('status')}
      />
      <TextInput
        label={t('departure.reason')}
        description={t('ops.departure.reasonHelp')}
        maxLength={200}
        required={inputProps('status').value !== 'open'}
        {...inputProps('reason')}
      />
    </>
  );
}
