import {
  type AdminBookingDetail,
  PICKUP_PLACE_MAX_LENGTH,
  type PickupRequest,
  pickupAnswer,
  pickupRequest,
} from '@cusco/shared';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '../../../lib/api-client.ts';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/** PUT admin/bookings/{code}/pickup: sets or clears the pickup place (audited). */
function useSetPickup(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupRequest) =>
      api.put(`admin/bookings/${encodeURIComponent(code)}/pickup`, body, {
        schema: pickupAnswer,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/**
 * Where the guide picks the booking's travellers up (issue 28): staff set or change it, e.g.
 * after a phone call; the guide's manifest shows it.
 */
export function PickupPlaceForm({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const titleId = useId();
  const { code, pickupPlace, status } = data.booking.booking;
  const save = useSetPickup(code);
  const form = useForm({
    mode: 'controlled',
    initialValues: { pickupPlace: pickupPlace ?? '' },
    validate: schemaResolver(pickupRequest),
  });
  const inputProps = useInputProps(form);
  const cancelled = status === 'cancelled_by_customer' || status === 'cancelled_by_agency';
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => form.resetDirty({ pickupPlace: answer.pickupPlace ?? '' }),
    }),
  );
  return (
    <Card withBorder component="section" aria-labelledby={titleId} data-testid="pickup-place">
      <Title order={2} size="h4" id={titleId} mb={4}>
        {t('pickup.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('pickup.label')}
            description={t('pickup.description')}
            placeholder={t('pickup.notSet')}
            maxLength={PICKUP_PLACE_MAX_LENGTH}
            disabled={cancelled}
            {...inputProps('pickupPlace')}
          />
          <ErrorAlert error={save.error} />
          {save.isSuccess && !form.isDirty() && (
            <Text size="sm" c="teal.8" role="status">
              {t('pickup.saved')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={save.isPending} disabled={cancelled}>
              {t('pickup.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
