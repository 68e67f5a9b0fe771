import {
  type DepartureUpdateRequest,
  departureStatuses,
  type ManagedDeparture,
} from '@cusco/shared';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal.tsx';
import { useInputProps } from '../../../lib/forms.ts';
import { useManageDeparture } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { BookingsToContact } from './bookings-to-contact.tsx';
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
export const optionalWhole = (max: number, hint: string) => (value: number | '') =>
  value === '' || wholeNumber(value, max) ? null : hint;

/** A number field's value for the API: empty is null. */
export const orNull = (value: number | '') => (value === '' ? null : Number(value));

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
  const [result, setResult] = useState<ManagedDeparture | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { ...blank, ...initial },
    validate: {
      tourCode: (value) => (/^\d{6}$/.test(value) ? null : t('departure.tourCodeHint')),
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('departure.dateHint')),
      capacity: optionalWhole(999, t('departure.capacityHint')),
      permits: optionalWhole(9999, t('departure.capacityHint')),
      privateGroups: optionalWhole(99, t('departure.capacityHint')),
    },
  });
  const inputProps = useInputProps(form);
  const close = () => {
    form.reset();
    manage.reset();
    setResult(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body: DepartureUpdateRequest = {
      capacity: orNull(values.capacity),
      permits: orNull(values.permits),
      privateGroups: orNull(values.privateGroups),
      status: values.status as DepartureUpdateRequest['status'],
      reason: values.reason,
    };
    manage.mutate({ tourCode: values.tourCode, date: values.date, body }, { onSuccess: setResult });
  });
  return (
    <FormModal opened={opened} onClose={close} title={t('departure.title')}>
      {result ? (
        <Stack>
          <Text data-testid="departure-result">
            {t('departure.saved', { seats: result.seatsLeft, booked: result.booked })}
          </Text>
          {result.status !== 'open' && <BookingsToContact bookings={result.bookings} />}
          <Group justify="flex-end">
            <Button onClick={close}>{t('departure.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('departure.tourCode')}
              required
              data-autofocus
              {...inputProps('tourCode')}
            />
            <TextInput label={t('date')} type="date" required {...inputProps('date')} />
            <DepartureFigures inputProps={inputProps} />
            <FormActions mutation={manage} submitLabel={t('departure.save')} onCancel={close} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}

/** The figures of one departure or of many: seats, permits, private groups, status and reason. */
export function DepartureFigures({
  inputProps,
}: {
  inputProps: (
    path: 'capacity' | 'permits' | 'privateGroups' | 'status' | 'reason',
  ) => ReturnType<ReturnType<typeof useInputProps<DepartureFormValues>>>;
}) {
  const { t } = useAdminText();
  const number = (name: 'capacity' | 'permits' | 'privateGroups', max: number) => (
    <NumberInput
      label={t(`departure.${name}`)}
      description={t(`departure.${name}Help`)}
      min={0}
      max={max}
      allowDecimal={false}
      {...inputProps(name)}
    />
  );
  return (
    <>
      {number('capacity', 999)}
      {number('permits', 9999)}
      {number('privateGroups', 99)}
      <Select
        label={t('departure.status')}
        data={departureStatuses.map((value) => ({
          value,
          label: t(`departure.statuses.${value}`),
        }))}
        allowDeselect={false}
        {...inputProps('status')}
      />
      <TextInput label={t('departure.reason')} maxLength={200} {...inputProps('reason')} />
    </>
  );
}
