import { TourFamilyId, type TourFamilyKey, tourFamilyOrder } from '@cusco/shared';
import { Skeleton, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardGrid, CardSkeletons } from '../../../components/card-grid.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useTourList } from '../../../lib/queries/tour-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { TourCard } from '../components/tour-card.tsx';

/** Spec §2 /main/tours: four tabs of tour cards, for a signed-in user. */
export function ToursPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const tours = useTourList();
  return (
    <>
      <PageTitle title={t('tours.title')} />
      <TourTabs tours={tours} corporate={Boolean(user?.corporateClientId)} />
    </>
  );
}

/** The tours in four tabs, one per family (the tab in the address: `?tab=`), as cards. */
export function TourTabs({
  tours,
  corporate,
}: {
  tours: ReturnType<typeof useTourList>;
  corporate: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') as TourFamilyKey | null;
  const active: TourFamilyKey =
    requested && tourFamilyOrder.includes(requested) ? requested : 'incaTrail';

  return (
    <Tabs
      value={active}
      onChange={(value) => value && setSearch({ tab: value }, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tourFamilyOrder.map((family) => (
          <Tabs.Tab key={family} value={family}>
            {t(`tours.family.${family}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tourFamilyOrder.map((family) => {
        const items = (tours.data ?? []).filter((tour) => tour.categoryId === TourFamilyId[family]);
        return (
          <Tabs.Panel key={family} value={family}>
            {tours.isPending && (
              <CardSkeletons>
                <Skeleton height={22} width="70%" mb="sm" />
                <Skeleton height={14} width="50%" mb="xs" />
                <Skeleton height={36} width="40%" mt="lg" />
              </CardSkeletons>
            )}
            {tours.isError && <LoadError error={tours.error} onRetry={() => tours.refetch()} />}
            {tours.isSuccess && items.length === 0 && <Text c="dimmed">{t('tours.empty')}</Text>}
            {items.length > 0 && (
              <CardGrid>
                {items.map((tour) => (
                  <TourCard key={tour.code} tour={tour} corporate={corporate} />
                ))}
              </CardGrid>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
