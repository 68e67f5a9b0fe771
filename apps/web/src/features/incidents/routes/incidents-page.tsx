import { type Incident, IncidentStatusId, todayInLima } from '@cusco/shared';
import { ActionIcon, Badge, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { itemsOfPages } from '../../../lib/pages.ts';
import { useIncidentPages } from '../api/incidents.ts';
import { type FormTarget, IncidentFormModal } from '../components/incident-form.tsx';

/** Spec §4: the initial status has the primary badge, the next the main colour, the rest grey. */
const badgeColor: Record<string, string> = {
  [IncidentStatusId.registered]: 'blue',
  [IncidentStatusId.inProgress]: 'andes',
  [IncidentStatusId.answered]: 'terracotta',
};

export function StatusBadge({ incident }: { incident: Pick<Incident, 'statusId' | 'status'> }) {
  return (
    <Badge variant="light" color={badgeColor[incident.statusId] ?? 'gray'}>
      {incident.status}
    </Badge>
  );
}

/**
 * Spec §2 incidents: the list, and the form, opened by New, by an incident's icon, by the query
 * string (first value a reservation, second a type) or by the route form/{tour}/{type}/{name}.
 */
export function IncidentsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const incidents = useIncidentPages();
  const list = useRef<HTMLDivElement>(null);
  const items = itemsOfPages(incidents.data?.pages);
  const total = incidents.data?.pages.at(-1)?.total ?? 0;
  const [opened, setOpened] = useState<FormTarget | null>(null);

  // The entry from a reservation's buttons (route) or from a link with the query string.
  const entry = useMemo<FormTarget | null>(() => {
    if (params.tour && params.type)
      return { kind: 'new', bookingId: params.tour, typeId: params.type, lockBooking: true };
    const [bookingId, typeId] = [...search.values()];
    if (bookingId && typeId) return { kind: 'new', bookingId, typeId, lockBooking: true };
    return null;
  }, [params.tour, params.type, search]);
  const target = opened ?? entry;

  const done = () => {
    setOpened(null);
    if (entry) navigate(paths.incidents.href(), { replace: true });
  };
  // Spec §2: Cancel goes back in history (to the reservation the request came from).
  const cancel = () => {
    setOpened(null);
    if (!entry) return;
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.incidents.href(), { replace: true });
  };

  return (
    <>
      <PageTitle title={t('incidents.title')}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setOpened({ kind: 'new', lockBooking: false })}
        >
          {t('incidents.new')}
        </Button>
      </PageTitle>

      {incidents.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t('incidents.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      )}
      {incidents.isError && !incidents.data && (
        <LoadError error={incidents.error} onRetry={() => incidents.refetch()} />
      )}
      {incidents.data && items.length === 0 && (
        <Card withBorder padding="lg" maw={560}>
          <Text>{t('incidents.empty')}</Text>
        </Card>
      )}
      {incidents.data && items.length > 0 && (
        <Card withBorder padding="md">
          <Text id="incidents-table" fw={700} mb="xs">
            {t('incidents.title')}
          </Text>
          <div ref={list} aria-busy={incidents.isFetchingNextPage}>
            <DataTable
              labelledBy="incidents-table"
              rows={items}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: 'modified',
                  header: t('incidents.modified'),
                  render: (row) => formatDate(todayInLima(new Date(row.modifiedOn)), language),
                },
                { key: 'name', header: t('incidents.request'), render: (row) => row.name },
                {
                  key: 'booking',
                  header: t('incidents.reservation'),
                  render: (row) => row.bookingName,
                },
                {
                  key: 'status',
                  header: t('incidents.status'),
                  render: (row) => <StatusBadge incident={row} />,
                },
                {
                  key: 'actions',
                  header: t('incidents.actions'),
                  align: 'right',
                  render: (row) => (
                    <ActionIcon
                      variant="light"
                      size="lg"
                      onClick={() => setOpened({ kind: 'edit', id: row.id })}
                      aria-label={t('incidents.open', { name: row.name })}
                      data-list-item
                    >
                      <IconEye size={20} aria-hidden />
                    </ActionIcon>
                  ),
                },
              ]}
            />
          </div>
          <ShowMore
            list={list}
            shown={items.length}
            total={total}
            summary={t('incidents.showing', { shown: items.length, total })}
            hasMore={incidents.hasNextPage}
            loading={incidents.isFetchingNextPage}
            error={incidents.isFetchNextPageError ? incidents.error : null}
            onMore={() => void incidents.fetchNextPage()}
          />
        </Card>
      )}

      <IncidentFormModal target={target} onDone={done} onCancel={cancel} />
    </>
  );
}
