import { type AdminBookingDetail, allows } from '@cusco/shared';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconRoute,
  IconUserMinus,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminText } from '../../i18n.ts';
import type { CancelTarget } from '../cancel-modal.tsx';
import { type ChangeKindHere, ChangeModal } from './change-modal.tsx';

/**
 * The booking page's "Change" area (issue 28): the date, the type or category, a passenger added
 * or removed, each previewed with the price difference before it is confirmed; and cancelling
 * (its own dialog), while the booking's status allows each.
 */
export function ChangeSection({
  data,
  onCancel,
}: {
  data: AdminBookingDetail;
  onCancel(target: CancelTarget): void;
}) {
  const { t } = useAdminText();
  const [kind, setKind] = useState<ChangeKindHere | null>(null);
  const { booking, balance, passangerRegistry } = data.booking;
  const changeable = allows('change', booking.status);
  const cancellable = allows('cancel', booking.status);
  if (!changeable && !cancellable) return null;
  const actions: { kind: ChangeKindHere; icon: typeof IconRoute; disabled?: boolean }[] = [
    { kind: 'date', icon: IconCalendarEvent },
    { kind: 'option', icon: IconRoute },
    { kind: 'addPassenger', icon: IconUserPlus },
    { kind: 'removePassenger', icon: IconUserMinus, disabled: passangerRegistry.length < 2 },
  ];
  return (
    <section aria-labelledby="change-heading">
      <Title order={2} size="h4" mb="sm" id="change-heading">
        {t('desk.change.title')}
      </Title>
      <Card withBorder>
        <Text size="sm" c="dimmed" mb="sm">
          {t('desk.change.intro')}
        </Text>
        <Group gap="xs">
          {changeable &&
            actions.map(({ kind: action, icon: Icon, disabled }) => (
              <Button
                key={action}
                variant="light"
                leftSection={<Icon size={18} aria-hidden />}
                disabled={disabled}
                onClick={() => setKind(action)}
              >
                {t(`desk.change.${action}`)}
              </Button>
            ))}
          {cancellable && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() =>
                onCancel({
                  code: booking.code,
                  paid: balance.payments,
                  corporate: booking.corporate,
                })
              }
            >
              {t('cancelBooking.open')}
            </Button>
          )}
        </Group>
      </Card>
      <ChangeModal kind={kind} data={data} onClose={() => setKind(null)} />
    </section>
  );
}
