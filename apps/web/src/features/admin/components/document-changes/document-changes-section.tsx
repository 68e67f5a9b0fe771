import type { AdminDocumentChange } from '@cusco/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useDocumentChangeQueue } from '../../api/document-changes-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { ToneBadge } from '../status-badge.tsx';
import {
  changedFields,
  DocumentChangeModal,
  documentChangeColors,
  useValueLabel,
} from './document-change-modal.tsx';

/**
 * The booking page's document changes (issue 29): every one asked for on the booking, newest
 * first, each opened for review (both scans, Confirm or Refuse while it waits).
 */
export function DocumentChangesSection({ code }: { code: string }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const label = useValueLabel();
  const list = useDocumentChangeQueue({ status: 'all', booking: code }, 1);
  const [reviewing, setReviewing] = useState<AdminDocumentChange | null>(null);
  const requests = list.data?.items ?? [];
  return (
    <section data-testid="admin-doc-changes">
      <Title order={2} size="h4" mb="sm">
        {t('docChange.sectionTitle')}
      </Title>
      <ErrorAlert error={list.error} />
      {list.isSuccess && requests.length === 0 && <Text c="dimmed">{t('docChange.none')}</Text>}
      <Stack gap="xs">
        {requests.map((request) => (
          <Card key={request.id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{request.passengerName}</Text>
                  <ToneBadge color={documentChangeColors[request.status]}>
                    {t(`docChange.statuses.${request.status}`)}
                  </ToneBadge>
                </Group>
                {changedFields(request).map((field) => (
                  <Text size="sm" key={field}>
                    {t(`docChange.fields.${field}`)}: {label(field, request.previous[field])} →{' '}
                    <strong>{label(field, request.changes[field])}</strong>
                  </Text>
                ))}
                <Text size="sm" c="dark.5">
                  {formatDate(request.createdAt.slice(0, 10), language)} · {t('docChange.fee')}{' '}
                  {formatMoney(request.fee, language)}
                </Text>
              </div>
              <Button
                size="xs"
                variant={request.status === 'requested' ? 'filled' : 'default'}
                onClick={() => setReviewing(request)}
                aria-label={t('docChange.reviewFor', {
                  name: request.passengerName,
                  code: request.bookingCode,
                })}
              >
                {t('docChange.review')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      <DocumentChangeModal request={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}
