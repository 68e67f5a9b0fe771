import {
  type BookingDetail,
  PICKUP_PLACE_MAX_LENGTH,
  type PickupRequest,
  pickupAnswer,
  pickupRequest,
} from '@cusco/shared';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { bookingDetailKey } from '../../../../lib/queries/booking-detail.ts';
import { Section } from './section.tsx';

/** PUT tour/booking/{code}/pickup: the customer's pickup place; '' clears it. */
function useSetPickup(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupRequest) =>
      api.put(`tour/booking/${encodeURIComponent(code)}/pickup`, body, { schema: pickupAnswer }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bookingDetailKey(code) }),
    meta: { inlineErrors: true },
  });
}

/**
 * "Where do we pick you up?" (issue 28): the customer tells their hotel in Cusco, which the
 * guide's manifest shows. A cancelled booking shows the place it had, without the form.
 */
export function PickupPlace({
  booking,
  cancelled,
}: {
  booking: BookingDetail['booking'];
  cancelled: boolean;
}) {
  const { t } = useTranslation();
  const save = useSetPickup(booking.code);
  const form = useForm({
    mode: 'controlled',
    initialValues: { pickupPlace: booking.pickupPlace ?? '' },
    validate: schemaResolver(pickupRequest),
  });
  const inputProps = useInputProps(form);
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => form.resetDirty({ pickupPlace: answer.pickupPlace ?? '' }),
    }),
  );
  return (
    <Section id="pickup-place" title={t('pickup.title')}>
      {cancelled ? (
        <Stack gap={4}>
          <Text size="sm">{booking.pickupPlace ?? t('pickup.notSet')}</Text>
          <Text size="sm" c="dimmed">
            {t('pickup.cancelled')}
          </Text>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('pickup.label')}
              description={t('pickup.description')}
              maxLength={PICKUP_PLACE_MAX_LENGTH}
              autoComplete="off"
              {...inputProps('pickupPlace')}
            />
            {save.error ? (
              <Alert color="red" role="alert">
                {errorMessage(save.error)}
              </Alert>
            ) : null}
            {save.isSuccess && !form.isDirty() && (
              <Text size="sm" c="teal.8" role="status">
                {t('pickup.saved')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={save.isPending}>
                {t('pickup.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
