import { type AdminMailItem, type AdminMailMessage, mailKinds, mailStatuses } from '@cusco/shared';
import { Alert, Button, Code, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle, IconMailOpened, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { TwoLines } from '../../../components/data-table.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { downloadMailAttachment, useMailbox, useMailMessage } from '../api/mail-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import { type AdminColumn, bookingColumn, useWhenColumn } from '../components/admin-table.tsx';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const statusColors: Record<AdminMailItem['status'], string> = {
  pending: 'yellow',
  sent: 'teal',
  failed: 'red',
  skipped: 'gray',
};

/**
 * #/admin/mail (administrators, issue 15): every e-mail of the outbox and what became of it;
 * without SMTP_URL, the messages themselves, as they would have been sent, attachments included.
 */
export function MailPage() {
  const { t } = useAdminText();
  const user = useSessionUser();
  const admin = user?.role === 'admin';
  const url = useUrlState(['q', 'kind', 'status']);
  const mailbox = useMailbox(url.query, url.page, admin);
  const [open, setOpen] = useState<AdminMailItem | null>(null);
  const columns = useMailColumns(setOpen);
  if (!admin) return <Alert color="yellow">{t('mail.adminOnly')}</Alert>;
  const option = (group: 'kinds' | 'statuses') => (value: string) => ({
    value,
    label: t(`mail.${group}.${value}`),
  });
  return (
    <>
      <ListScreen
        section="mail"
        intro={
          <Alert color="andes" icon={<IconInfoCircle aria-hidden />} mb="md">
            {t('mail.hint')}
          </Alert>
        }
        filters={[
          { search: 'q' },
          { select: 'kind', data: mailKinds.map(option('kinds')) },
          { select: 'status', data: mailStatuses.map(option('statuses')) },
        ]}
        url={url}
        list={mailbox}
        columns={columns}
        rowKey={(row) => row.id}
      />
      <MessageModal item={open} onClose={() => setOpen(null)} />
    </>
  );
}

function useMailColumns(onOpen: (item: AdminMailItem) => void): AdminColumn<AdminMailItem>[] {
  const { t } = useAdminText();
  return [
    useWhenColumn(t('mail.when')),
    { key: 'kind', header: t('mail.kind'), render: (row) => t(`mail.kinds.${row.kind}`) },
    {
      key: 'message',
      header: t('mail.message'),
      render: (row) => <TwoLines main={row.subject ?? '—'} sub={row.recipient ?? '—'} />,
    },
    bookingColumn(t('booking')),
    {
      key: 'status',
      header: t('mail.status'),
      render: (row) => (
        <Stack gap={2}>
          <ToneBadge color={statusColors[row.status]}>
            {/* The embedded transport keeps what it would have sent: say so, not "sent". */}
            {row.status === 'sent' && row.transport === 'database'
              ? t('mail.kept')
              : t(`mail.statuses.${row.status}`)}
          </ToneBadge>
          {row.status !== 'sent' && row.lastError ? (
            <Text size="xs" c="dimmed" lineClamp={2} title={row.lastError}>
              {t('mail.attempts', { count: row.attempts })} · {row.lastError}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'open',
      header: t('actions'),
      render: (row) =>
        row.kept ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailOpened size={16} aria-hidden />}
            onClick={() => onOpen(row)}
            aria-label={t('mail.openNamed', { subject: row.subject ?? '' })}
          >
            {t('mail.open')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
}

function MessageModal({ item, onClose }: { item: AdminMailItem | null; onClose(): void }) {
  const { t } = useAdminText();
  const message = useMailMessage(item?.id ?? null);
  return (
    <FormModal
      opened={item !== null}
      onClose={onClose}
      title={item?.subject ?? t('mail.title')}
      size="xl"
      loading={message.isPending && item !== null ? t('loading') : undefined}
    >
      {message.isError ? (
        <LoadError error={message.error} onRetry={() => void message.refetch()} />
      ) : message.data ? (
        <MessageView message={message.data} />
      ) : null}
    </FormModal>
  );
}

function MessageView({ message }: { message: AdminMailMessage }) {
  const { t } = useAdminText();
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack gap="md">
      <FactList
        cols={{ base: 1, sm: 2 }}
        spacing="xs"
        facts={[
          [t('mail.from'), message.from],
          [t('mail.to'), message.to],
          [t('mail.subject'), message.subject],
          [t('mail.kind'), t(`mail.kinds.${message.kind}`)],
        ]}
      />
      {message.attachments.length > 0 && (
        <Group gap="xs" aria-label={t('mail.attachments')} role="group">
          {message.attachments.map((file) => (
            <Button
              key={file.index}
              size="xs"
              variant="light"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              onClick={() =>
                downloadMailAttachment(message.id, file.index, file.filename).catch(setError)
              }
            >
              {`${file.filename} (${Math.max(1, Math.round(file.size / 1024))} KB)`}
            </Button>
          ))}
        </Group>
      )}
      <ErrorAlert error={error} />
      <Tabs defaultValue="html">
        <Tabs.List>
          <Tabs.Tab value="html">{t('mail.html')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('mail.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {/* As a mail reader shows it, sandboxed: no script runs, no link navigates. */}
          <iframe
            title={t('mail.htmlTitle', { subject: message.subject })}
            sandbox="allow-same-origin"
            srcDoc={message.html}
            style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-4)' }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
