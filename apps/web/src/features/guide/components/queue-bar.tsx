import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/online.ts';
import { trailQueue, useQueueEntries } from '../lib/trail-queue.ts';

/**
 * What the phone has not sent yet, said to screen readers as it changes, with "Send now". Offline
 * the button says why it cannot send instead of failing.
 */
export function QueueBar() {
  const { t } = useTranslation();
  const entries = useQueueEntries();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = entries.filter((entry) => entry.state === 'pending').length;
  const sendNow = async () => {
    setSending(true);
    const report = await trailQueue()?.sync();
    setSending(false);
    setFailed(report?.failed ?? false);
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" role="status" aria-live="polite" data-testid="queue-status">
          {pending > 0
            ? t('guide:pendingCount', { count: pending })
            : entries.length > 0
              ? t('guide:allSent')
              : t('guide:nothingToSend')}
          {failed && pending > 0 && online ? ` ${t('guide:sendFailed')}` : ''}
        </Text>
        {pending > 0 &&
          (online ? (
            <Button
              size="xs"
              leftSection={<IconCloudUpload size={16} aria-hidden />}
              onClick={() => void sendNow()}
              loading={sending}
            >
              {t('guide:sendNow')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('guide:sendWhenOnline')}
            </Text>
          ))}
      </Group>
    </Paper>
  );
}
