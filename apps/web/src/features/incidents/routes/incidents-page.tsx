import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageAction, PageTitle } from '../../../components/page-title.tsx';
import { usePagedList } from '../../../components/paged-list.tsx';
import { useIncidentPages } from '../api/incidents.ts';
import { IncidentFormModal } from '../components/incident-form.tsx';
import { IncidentsTable } from '../components/incidents-table.tsx';
import { useIncidentTarget } from '../components/use-incident-target.ts';

/**
 * Spec §2 incidents: the list, and the form, opened by New, by an incident's icon, by the query
 * string (first value a reservation, second a type) or by the route form/{tour}/{type}/{name}.
 */
export function IncidentsPage() {
  const { t } = useTranslation();
  const incidents = useIncidentPages();
  const { items, list, showMore } = usePagedList(incidents, 'incidents.showing');
  const form = useIncidentTarget();

  return (
    <>
      <PageTitle title={t('incidents.title')}>
        <PageAction icon={IconPlus} onClick={() => form.open({ kind: 'new', lockBooking: false })}>
          {t('incidents.new')}
        </PageAction>
      </PageTitle>

      {incidents.isPending && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('incidents.loading')}>
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
            <IncidentsTable items={items} onOpen={(id) => form.open({ kind: 'edit', id })} />
          </div>
          {showMore}
        </Card>
      )}

      <IncidentFormModal target={form.target} onDone={form.done} onCancel={form.cancel} />
    </>
  );
}
