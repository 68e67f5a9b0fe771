import type { DepartureBulkRequest, DepartureBulkResult } from '@cusco/shared';
import { Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useLanguage } from '../../../lib/i18n.ts';
import { useBulkDepartures } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { BookingsToContact } from './bookings-to-contact.tsx';
import {
  DepartureFormModal,
  type DepartureFormValues,
  useDepartureForm,
} from './departure-modal.tsx';

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
  const departure = useDepartureForm<
    DepartureFormValues & { from: string; to: string; weekdays: string[] },
    DepartureBulkResult
  >({
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
    },
    mutation: bulk,
    save: ({ from, to, weekdays }, figures, onSaved) => {
      const body: DepartureBulkRequest = { from, to, weekdays: weekdays.map(Number), ...figures };
      bulk.mutate({ tourCode, body }, { onSuccess: onSaved });
    },
    onClose,
  });
  const { inputProps, answer: result } = departure;
  const dayName = (day: number) => dayjs().day(day).locale(language).format('dddd');
  return (
    <DepartureFormModal
      opened={opened}
      title={t('bulk.title', { tour: tourCode })}
      departure={departure}
      submitLabel={t('bulk.save')}
      saved={
        result && (
          <>
            <Text data-testid="bulk-result">{t('bulk.saved', { count: result.dates.length })}</Text>
            <BookingsToContact bookings={result.bookings} />
          </>
        )
      }
    >
      <SimpleGrid cols={2}>
        <TextInput label={t('from')} type="date" required data-autofocus {...inputProps('from')} />
        <TextInput label={t('to')} type="date" required {...inputProps('to')} />
      </SimpleGrid>
      <Checkbox.Group label={t('bulk.weekdays')} required {...inputProps('weekdays')}>
        <Group gap="sm" mt={4}>
          {week.map((day) => (
            <Checkbox key={day} value={String(day)} label={dayName(day)} />
          ))}
        </Group>
      </Checkbox.Group>
    </DepartureFormModal>
  );
}
