import type { BackupStatus } from '@cusco/shared';
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useBackupStatus } from '../api/backups-api.ts';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/** A file's size in megabytes, in the page's language: "2.1 MB". */
function megabytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language === 'es' ? 'es-PE' : 'en-US', {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 / 1024);
}

/**
 * The server's backups (issue 34, administrators): when the last one was written, its file and
 * size, the schedule, and the last failure if any (docs/operations.md).
 */
export function BackupStatusCard() {
  const { t } = useAdminText();
  const status = useBackupStatus(true);
  return (
    <Card withBorder component="section" aria-labelledby="backups-title" mt="xl">
      <Stack gap="xs">
        <Title order={2} size="h4" id="backups-title">
          {t('backups.title')}
        </Title>
        {status.error && <ErrorAlert error={status.error} />}
        {status.data && <BackupLines status={status.data} />}
      </Stack>
    </Card>
  );
}

function BackupLines({ status }: { status: BackupStatus }) {
  const { t } = useAdminText();
  const language = useLanguage();
  return (
    <>
      <Text>
        {status.last
          ? t('backups.last', {
              at: formatDateTime(status.last.at, language),
              file: status.last.file,
              size: megabytes(status.last.bytes, language),
            })
          : t('backups.none')}
      </Text>
      <Text c="dimmed" size="sm">
        {status.scheduled
          ? t('backups.schedule', {
              count: status.intervalHours,
              keep: status.keep,
              folder: status.folder,
            })
          : t('backups.notScheduled', { folder: status.folder })}
      </Text>
      {status.lastFailure && (
        <Alert color="red" title={t('backups.failedTitle')}>
          {t('backups.failed', {
            at: formatDateTime(status.lastFailure.at, language),
            message: status.lastFailure.message,
          })}
        </Alert>
      )}
    </>
  );
}
