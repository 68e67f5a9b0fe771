import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useOnline } from '../../../lib/online.ts';

/**
 * With no network (issue 32), a screen shows the copy kept on the device, marked "as of" when it
 * was read from the server; actions that need the network say so.
 */
export function OfflineNotice({ updatedAt }: { updatedAt: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconWifiOff aria-hidden />}
      role="status"
      data-testid="offline-as-of"
    >
      {t('offline.asOf', { time: formatDateTime(updatedAt, language) })}
    </Alert>
  );
}

/** A screen never read on this device, opened with no network. */
export function OfflineMissing() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" icon={<IconWifiOff aria-hidden />} role="alert">
      {t('offline.needsNetwork')}
    </Alert>
  );
}
