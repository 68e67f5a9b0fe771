import type { DepartureBulkRequest, DepartureBulkResult } from '@cusco/shared';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal.tsx';
import { useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useBulkDepartures } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { BookingsToContact } from './bookings-to-contact.tsx';
import {
  DepartureFigures,
  type DepartureFormValues,
  optionalWhole,
  orNull,
} from './departure-modal.tsx';
import { FormActions } from './form-actions.tsx';

/** Monday first, as the agency's week is read; 0 is Sunday. */
const week = [1, 2, 3, 4, 5, 6, 0];
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Schedules a tour's departures in bulk (administrators): the same seats, permits, private
 * groups and status for every date of a range that falls on the chosen days of the week. When
 * it closes or cancels dates that have bookings, it lists them, to be contacted.
 */
export function BulkDeparturesModal({
  tourCode,
  opened,
  onClose,
}: {
  tourCode: string;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const bulk = useBulkDepartures();
  const [result, setResult] = useState<DepartureBulkResult | null>(null);
  const form = useForm<DepartureFormValues & { from: string; to: string; weekdays: string[] }>({
    mode: 'controlled',
    initialValues: {
      tourCode,
      date: '',
      from: '',
      to: '',
      weekdays: week.map(String),
      capacity: '',
      permits: '',
      privateGroups: '',
      status: 'open',
      reason: '',
    },
    validate: {
      from: (value) => (isDay(value) ? null : t('departure.dateHint')),
      to: (value, values) => (isDay(value) && value >= values.from ? null : t('bulk.toHint')),
      weekdays: (value) => (value.length > 0 ? null : t('bulk.weekdaysHint')),
      capacity: optionalWhole(999, t('departure.capacityHint')),
      permits: optionalWhole(9999, t('departure.capacityHint')),
      privateGroups: optionalWhole(99, t('departure.capacityHint')),
    },
  });
  const inputProps = useInputProps(form);
  const close = () => {
    form.reset();
    bulk.reset();
    setResult(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body: DepartureBulkRequest = {
      from: values.from,
      to: values.to,
      weekdays: values.weekdays.map(Number),
      capacity: orNull(values.capacity),
      permits: orNull(values.permits),
      privateGroups: orNull(values.privateGroups),
      status: values.status as DepartureBulkRequest['status'],
      reason: values.reason,
    };
    bulk.mutate({ tourCode, body }, { onSuccess: setResult });
  });
  const dayName = (day: number) => dayjs().day(day).locale(language).format('dddd');
  return (
    <FormModal opened={opened} onClose={close} title={t('bulk.title', { tour: tourCode })}>
      {result ? (
        <Stack>
          <Text data-testid="bulk-result">{t('bulk.saved', { count: result.dates.length })}</Text>
          <BookingsToContact bookings={result.bookings} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('departure.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={2}>
              <TextInput
                label={t('from')}
                type="date"
                required
                data-autofocus
                {...inputProps('from')}
              />
              <TextInput label={t('to')} type="date" required {...inputProps('to')} />
            </SimpleGrid>
            <Checkbox.Group label={t('bulk.weekdays')} required {...inputProps('weekdays')}>
              <Group gap="sm" mt={4}>
                {week.map((day) => (
                  <Checkbox key={day} value={String(day)} label={dayName(day)} />
                ))}
              </Group>
            </Checkbox.Group>
            <DepartureFigures inputProps={inputProps} />
            <FormActions mutation={bulk} submitLabel={t('bulk.save')} onCancel={close} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
