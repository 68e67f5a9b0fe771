import type { Reseller, ResellerKey, ResellerKeyCreated } from '@cusco/shared';
import { Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable } from '../admin-table.tsx';
import { ToneBadge } from '../status-badge.tsx';
import { KeyShownModal, NewKeyModal, RevokeKeyModal } from './key-modals.tsx';
import { NetPriceForm } from './net-price-form.tsx';

/** When something happened, dated and timed in the reader's language. */
function useWhen() {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (value: string) => format.format(new Date(value));
}

function useKeyColumns(revoke: (key: ResellerKey) => void): AdminColumn<ResellerKey>[] {
  const { t } = useAdminText();
  const when = useWhen();
  return [
    { key: 'label', header: t('resellers.keys.label'), render: (row) => row.label },
    {
      key: 'prefix',
      header: t('resellers.keys.prefix'),
      render: (row) => (
        <Text ff="monospace" size="sm">
          {`${row.prefix}…`}
        </Text>
      ),
    },
    { key: 'user', header: t('resellers.keys.user'), render: (row) => row.userName },
    {
      key: 'rate',
      header: t('resellers.keys.rate'),
      align: 'right',
      render: (row) => t('resellers.keys.perMinute', { count: row.ratePerMinute }),
    },
    { key: 'created', header: t('resellers.keys.created'), render: (row) => when(row.createdAt) },
    {
      key: 'lastUsed',
      header: t('resellers.keys.lastUsed'),
      render: (row) => (row.lastUsedAt ? when(row.lastUsedAt) : t('resellers.keys.never')),
    },
    {
      key: 'revoked',
      header: t('resellers.keys.revoked'),
      render: (row) =>
        row.revokedAt ? (
          <ToneBadge color="red">
            {t('resellers.keys.revokedOn', { date: when(row.revokedAt) })}
          </ToneBadge>
        ) : (
          <ToneBadge color="teal">{t('resellers.keys.active')}</ToneBadge>
        ),
    },
    {
      key: 'actions',
      header: t('actions'),
      render: (row) =>
        row.revokedAt ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => revoke(row)}
            aria-label={t('resellers.revokeOf', { label: row.label })}
          >
            {t('resellers.revoke')}
          </Button>
        ),
    },
  ];
}

/**
 * One corporate client on the resellers' screen: its users, its net price (edited, confirmed),
 * its keys (made in a dialog, shown once in another, revoked after a confirmation).
 */
export function ResellerSection({ company }: { company: Reseller }) {
  const { t } = useAdminText();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<ResellerKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ResellerKey | null>(null);
  const columns = useKeyColumns(setRevoking);
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {company.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[
              company.taxId ? t('resellers.taxId', { taxId: company.taxId }) : null,
              t('resellers.octoBookings', { count: company.octoBookings }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Button
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={company.users.length === 0}
          aria-label={t('resellers.newKeyFor', { company: company.name })}
        >
          {t('resellers.newKey')}
        </Button>
      </Group>

      <Title order={3} size="h5" mt="md" mb={4}>
        {t('resellers.users')}
      </Title>
      {company.users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('resellers.noUsers')}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {company.users.map((user) => (
            <List.Item key={user.id}>
              {user.name} <Text span c="dimmed" size="sm">{`<${user.email}>`}</Text>
            </List.Item>
          ))}
        </List>
      )}

      <NetPriceForm company={company} />

      <Title order={3} size="h5" mt="lg" mb="xs">
        {t('resellers.keys.title')}
      </Title>
      <AdminTable
        caption={t('resellers.keys.caption', { company: company.name })}
        columns={columns}
        rows={company.keys}
        rowKey={(row) => row.id}
        empty={t('resellers.keys.empty')}
      />

      <NewKeyModal
        company={company}
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(key) => {
          setAdding(false);
          setCreated(key);
        }}
      />
      <KeyShownModal created={created} onClose={() => setCreated(null)} />
      <RevokeKeyModal company={company} target={revoking} onClose={() => setRevoking(null)} />
    </Paper>
  );
}
