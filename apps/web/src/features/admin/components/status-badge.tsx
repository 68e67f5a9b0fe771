import type { BookingStatus } from '@cusco/shared';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAdminText } from '../i18n.ts';

/**
 * A light badge of a colour with dark text, so that it reads (WCAG AA) on its tinted background,
 * also on a striped row, whatever the colour.
 */
export function ToneBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c="dark.7">
      {children}
    </Badge>
  );
}

const colors: Record<string, string> = {
  unpaid: 'red',
  deposit: 'yellow',
  paid: 'teal',
  refund_due: 'grape',
  cancelled: 'gray',
};

/** A booking's money status (unpaid, deposit, paid, refund due, cancelled), in words. */
export function BookingStatusBadge({ status }: { status: string }) {
  const { t } = useAdminText();
  return <ToneBadge color={colors[status] ?? 'gray'}>{t(`status.${status}`)}</ToneBadge>;
}

const lifeColors: Record<BookingStatus, string> = {
  on_hold: 'orange',
  pending_payment: 'yellow',
  confirmed: 'blue',
  partly_paid: 'yellow',
  paid: 'teal',
  travelled: 'gray',
  cancelled_by_customer: 'red',
  cancelled_by_agency: 'red',
  expired: 'gray',
};

/**
 * A booking's named status (ADR 0037: pending payment, confirmed, partly paid, paid, travelled,
 * cancelled by the customer or by the agency, expired), in words.
 */
export function BookingLifeBadge({ status }: { status: BookingStatus }) {
  const { t } = useAdminText();
  return (
    <span data-testid="booking-life-status">
      <ToneBadge color={lifeColors[status]}>{t(`lifeStatus.${status}`)}</ToneBadge>
    </span>
  );
}
