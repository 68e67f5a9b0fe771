import type { BookingSaveResponse, DeskCustomer } from '@cusco/shared';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconClock, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { randomId } from '../../../../lib/ids.ts';
import { useAdminBooking } from '../../api/admin-api.ts';
import { useSendPayLink } from '../../api/desk-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { type MoneyDialog, MoneyModal } from '../money-modal.tsx';

/**
 * A desk booking just saved, and what happens to its money: a payment taken at the desk (the
 * back office's payment dialog), the pay link e-mailed to the customer, or nothing yet (the
 * customer pays later, while the booking's hold lasts; ADR 0035).
 */
export function BookedPanel({
  saved,
  customer,
}: {
  saved: BookingSaveResponse;
  customer: DeskCustomer;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const [dialog, setDialog] = useState<MoneyDialog | null>(null);
  const [later, setLater] = useState(false);
  // The booking as it stands: a payment taken in the dialog reads it again.
  const detail = useAdminBooking(saved.code);
  const debt = detail.data?.booking.balance.debt ?? saved.total;
  const paid = debt <= 0;
  const [linkKey] = useState(randomId);
  const payLink = useSendPayLink();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the focus goes to what was done.
  useEffect(() => heading.current?.focus(), []);
  const href = paths.adminBooking.href(saved.code);
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4" ref={heading} tabIndex={-1}>
          {t('desk.booked', { code: saved.code })}
        </Title>
        <Text>
          {t('desk.bookedFor', {
            name: `${customer.name} ${customer.lastName}`,
            total: formatMoney(saved.total, language),
          })}
        </Text>
        <Text fw={600}>
          {t('desk.balanceDue')}: <span data-testid="desk-debt">{formatMoney(debt, language)}</span>
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'payment', code: saved.code, debt })}
            disabled={paid || customer.corporate !== null}
          >
            {t('desk.takePayment')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMail size={18} aria-hidden />}
            loading={payLink.isPending}
            disabled={paid || payLink.isSuccess || customer.corporate !== null}
            onClick={() => payLink.mutate({ code: saved.code, key: linkKey })}
          >
            {t('desk.sendPayLink')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconClock size={18} aria-hidden />}
            onClick={() => setLater(true)}
            disabled={paid}
          >
            {t('desk.payLater')}
          </Button>
        </Group>
        <div aria-live="polite">
          {payLink.data && (
            <Alert color="teal">{t('desk.payLinkSent', { email: payLink.data.email })}</Alert>
          )}
          {later && !paid && <Alert color="blue">{t('desk.payLaterHelp')}</Alert>}
          {paid && <Alert color="teal">{t('desk.paymentTaken')}</Alert>}
        </div>
        <ErrorAlert error={payLink.error} />
        <Anchor component={Link} to={href}>
          {t('desk.openBooking', { code: saved.code })}
        </Anchor>
      </Stack>
      <MoneyModal dialog={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
