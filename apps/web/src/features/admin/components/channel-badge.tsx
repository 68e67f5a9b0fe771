import type { BookingChannel } from '@cusco/shared';
import { useAdminText } from '../i18n.ts';
import { ToneBadge } from './status-badge.tsx';

const colors: Record<BookingChannel, string> = { site: 'blue', desk: 'cyan', octo: 'grape' };

/**
 * Where a booking was made (issue 31): "Website", "Front desk", or "OCTO · <the reseller's
 * reference>" for a booking a reseller's system made through the OCTO API.
 */
export function ChannelBadge({
  channel = 'site',
  reference,
}: {
  channel?: BookingChannel;
  reference?: string | null;
}) {
  const { t } = useAdminText();
  return (
    <span data-testid="booking-channel">
      <ToneBadge color={colors[channel]}>
        {channel === 'octo' && reference
          ? t('channel.octoRef', { reference })
          : t(`channel.${channel}`)}
      </ToneBadge>
    </span>
  );
}
