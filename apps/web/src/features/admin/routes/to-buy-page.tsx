import { type PurchaseBoardRow, purchaseKinds } from '@cusco/shared';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { usePurchaseBoard } from '../api/purchases-api.ts';
import { DateRangeFilter, FilterBar, SelectFilter } from '../components/filters.tsx';
import { BoardCard } from '../components/purchases/board-card.tsx';
import {
  MarkBoughtModal,
  type MarkBoughtTarget,
} from '../components/purchases/mark-bought-modal.tsx';
import { usePurchaseText } from '../components/purchases/purchase-text.ts';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/** The Monday of a date's week, the board's groups. */
const weekOf = (date: string) => {
  const day = dayjs(date);
  return day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};

/** The board's rows by group: the overdue first, then each week of buy-by dates. */
function groupsOf(rows: PurchaseBoardRow[]) {
  const groups: { key: string; rows: PurchaseBoardRow[] }[] = [];
  const overdue = rows.filter((row) => row.overdue);
  if (overdue.length > 0) groups.push({ key: 'overdue', rows: overdue });
  for (const row of rows.filter((candidate) => !candidate.overdue)) {
    const key = weekOf(row.item.buyBy);
    const group = groups.find((candidate) => candidate.key === key);
    if (group) group.rows.push(row);
    else groups.push({ key, rows: [row] });
  }
  return groups;
}

/**
 * #/admin/to-buy (issue 29): what must be bought in each person's name, by deadline (the overdue
 * first, then week by week), for whom, and whose data is incomplete; "Mark bought" and the CSV
 * of each departure's item. Filters (the buy-by dates, the kind) are kept in the URL.
 */
export function ToBuyPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const words = usePurchaseText();
  const url = useUrlState(['from', 'to', 'kind']);
  const board = usePurchaseBoard(url.query);
  const [marking, setMarking] = useState<MarkBoughtTarget | null>(null);
  const groups = board.data ? groupsOf(board.data.rows) : [];
  return (
    <>
      <PageTitle title={t('purchases.title')} />
      <Text size="sm" mb="md">
        {t('purchases.intro')}
      </Text>
      <FilterBar label={t('purchases.filters')}>
        <SelectFilter
          label={t('purchases.kind')}
          value={url.values.kind}
          data={purchaseKinds.map((kind) => ({ value: kind, label: words.kind(kind) }))}
          allLabel={t('purchases.allKinds')}
          onChange={(value) => url.set('kind', value)}
        />
        <DateRangeFilter
          from={url.values.from}
          to={url.values.to}
          labels={{ from: t('purchases.from'), to: t('purchases.to') }}
          onChange={url.set}
        />
      </FilterBar>
      {board.error ? <LoadError error={board.error} onRetry={() => void board.refetch()} /> : null}
      {board.isPending && (
        <Center py="xl" role="status" aria-label={t('loading')}>
          <Loader />
        </Center>
      )}
      {board.data && groups.length === 0 && <Text>{t('purchases.empty')}</Text>}
      <Stack gap="xl">
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`to-buy-${group.key}`}>
            <Title
              order={2}
              size="h4"
              mb="sm"
              id={`to-buy-${group.key}`}
              c={group.key === 'overdue' ? 'red.9' : undefined}
            >
              {group.key === 'overdue'
                ? t('purchases.overdueGroup')
                : t('purchases.week', { date: formatDate(group.key, language) })}
            </Title>
            <Stack gap="md">
              {group.rows.map((row) => (
                <BoardCard
                  key={`${row.tourCode}/${row.date}/${row.item.id}`}
                  row={row}
                  onMark={(chosen) =>
                    setMarking({
                      tour: chosen.tourCode,
                      tourName: chosen.tour,
                      date: chosen.date,
                      itemId: chosen.item.id,
                    })
                  }
                />
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
      <MarkBoughtModal target={marking} onClose={() => setMarking(null)} />
    </>
  );
}
