import type { BookingStatus } from '@cusco/shared';
import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A colour per status (ADR 0037): waiting for money in warm tones, settled in the agency's green,
 * cancelled in red, what no longer moves in grey or violet. The colour is only a cue: the badge
 * says the status in words.
 */
export const statusColors: Record<BookingStatus, string> = {
  on_hold: 'orange',
  pending_payment: 'yellow',
  confirmed: 'blue',
  partly_paid: 'terracotta',
  paid: 'andes',
  travelled: 'grape',
  cancelled_by_customer: 'red',
  cancelled_by_agency: 'red',
  expired: 'gray',
};

/**
 * The booking's named status as a badge: a tint of its colour behind dark text (WCAG AA on every
 * tint), with "Status:" before it for a screen reader.
 */
export function BookingStatusBadge({
  status,
  size = 'md',
}: {
  status: BookingStatus;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={statusColors[status]}
      c="dark.7"
      size={size}
      data-testid="booking-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      <VisuallyHidden>{t('bookingStatus.label')} </VisuallyHidden>
      {t(`bookingStatus.${status}`)}
    </Badge>
  );
}
