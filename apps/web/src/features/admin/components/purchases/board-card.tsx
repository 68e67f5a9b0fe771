import type { PurchaseBoardRow } from '@cusco/shared';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { downloadPurchasesCsv } from '../../api/purchases-api.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable, bookingColumn } from '../admin-table.tsx';
import { ErrorAlert } from '../error-alert.tsx';
import { usePurchaseText } from './purchase-text.ts';

type ToBuy = PurchaseBoardRow['toBuy'][number];

/**
 * One departure's item on the to-buy board: what it is, its deadline (overdue in red, said in
 * words too), its counts by state, who is still to buy and what their data lacks (with a link to
 * their booking), "Mark bought" and the item's CSV.
 */
export function BoardCard({
  row,
  onMark,
}: {
  row: PurchaseBoardRow;
  onMark(row: PurchaseBoardRow): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const words = usePurchaseText();
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const item = words.item(row.item);
  const travel = formatDate(row.date, language);
  const columns: AdminColumn<ToBuy>[] = [
    {
      key: 'name',
      header: t('purchases.name'),
      render: (person) => (
        <Text size="sm" fw={600}>
          {words.person(person)}
        </Text>
      ),
    },
    { key: 'role', header: t('purchases.role'), render: (person) => words.role(person.role) },
    bookingColumn<ToBuy>(t('purchases.booking')),
    {
      key: 'state',
      header: t('purchases.state'),
      render: (person) => t(`purchases.states.${person.state}`),
    },
    {
      key: 'missing',
      header: t('purchases.missing'),
      render: (person) =>
        person.missing.length > 0 ? (
          <Text size="sm" c="red.9" fw={600}>
            {words.missing(person.missing)}
          </Text>
        ) : (
          t('purchases.nothingMissing')
        ),
    },
  ];
  const download = () => {
    setDownloading(true);
    setError(null);
    downloadPurchasesCsv(row.tourCode, row.date, row.item.kind)
      .catch(setError)
      .finally(() => setDownloading(false));
  };
  return (
    <Card withBorder component="article" aria-labelledby={titleId} padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {item}
            </Title>
            <Text size="sm">
              <Anchor
                component={Link}
                to={paths.adminManifest.href(row.tourCode, row.date)}
                underline="always"
              >
                {row.tour}
              </Anchor>{' '}
              · {row.tourCode} · {t('purchases.travels', { date: travel })}
            </Text>
          </div>
          <Deadline row={row} />
        </Group>
        <Text size="sm">
          {row.toBuy.length === 0 ? t('purchases.allBought') : t('purchases.counts', row.counts)}
        </Text>
        {row.toBuy.length > 0 && (
          <AdminTable
            caption={t('purchases.caption', { item, tour: row.tour, date: travel })}
            columns={columns}
            rows={row.toBuy}
            rowKey={(person) => `${person.passengerSlotId ?? person.crewMemberId}`}
            empty={t('purchases.allBought')}
          />
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            leftSection={<IconChecklist size={18} aria-hidden />}
            onClick={() => onMark(row)}
            aria-label={t('purchases.markBoughtOf', { item, tour: row.tour, date: travel })}
          >
            {t('purchases.markBought')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={downloading}
            onClick={download}
            aria-label={t('purchases.csvOf', {
              kind: words.kind(row.item.kind),
              tour: row.tour,
              date: travel,
            })}
          >
            {t('purchases.csv', { kind: words.kind(row.item.kind) })}
          </Button>
        </Group>
        <ErrorAlert error={error} />
      </Stack>
    </Card>
  );
}

/** The buy-by date and how far it is: overdue in red with a warning icon, and in words. */
function Deadline({ row }: { row: PurchaseBoardRow }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const buyBy = t('purchases.buyBy', { date: formatDate(row.item.buyBy, language) });
  if (row.overdue) {
    return (
      <Stack gap={4} align="flex-end">
        <Text size="sm" fw={600}>
          {buyBy}
        </Text>
        <Badge
          color="red.9"
          variant="filled"
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
        >
          {t('purchases.overdueBy', { count: -row.daysLeft })}
        </Badge>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Text size="sm" fw={600}>
        {buyBy}
      </Text>
      {row.daysLeft >= 0 && (
        <Text size="sm">
          {row.daysLeft === 0
            ? t('purchases.dueToday')
            : t('purchases.daysLeft', { count: row.daysLeft })}
        </Text>
      )}
    </Stack>
  );
}
