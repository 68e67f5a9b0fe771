import {
  type DepartureUpdateRequest,
  departureStatuses,
  type ManagedDeparture,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal.tsx';
import { useInputProps } from '../../../lib/forms.ts';
import { useManageDeparture } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { FormActions } from './form-actions.tsx';

const wholeNumber = (value: number | '', max: number) =>
  value !== '' && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * Sets a departure's seats, permits and status (administrators). Closing one with bookings never
 * drops them: the answer lists them, to be contacted.
 */
export function DepartureModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useAdminText();
  const manage = useManageDeparture();
  const [result, setResult] = useState<ManagedDeparture | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      tourCode: '',
      date: '',
      capacity: 16 as number | '',
      permits: '' as number | '',
      status: 'open',
      reason: '',
    },
    validate: {
      tourCode: (value) => (/^\d{6}$/.test(value) ? null : t('departure.tourCodeHint')),
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('departure.dateHint')),
      capacity: (value) => (wholeNumber(value, 999) ? null : t('departure.capacityHint')),
      permits: (value) =>
        value === '' || wholeNumber(value, 9999) ? null : t('departure.capacityHint'),
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
      capacity: Number(values.capacity),
      permits: values.permits === '' ? null : Number(values.permits),
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
          {result.status !== 'open' && result.bookings.length > 0 && (
            <Alert
              color="yellow"
              title={
                <Text fw={700} c="dark.7" component="span">
                  {t('departure.contact')}
                </Text>
              }
            >
              <List size="sm">
                {result.bookings.map((booking) => (
                  <List.Item key={booking.code}>
                    {booking.code} · {booking.customerName} · {booking.customerEmail}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
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
            <NumberInput
              label={t('departure.capacity')}
              required
              min={0}
              max={999}
              {...inputProps('capacity')}
            />
            <NumberInput
              label={t('departure.permits')}
              description={t('departure.permitsHelp')}
              min={0}
              max={9999}
              {...inputProps('permits')}
            />
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
            <FormActions mutation={manage} submitLabel={t('departure.save')} onCancel={close} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
