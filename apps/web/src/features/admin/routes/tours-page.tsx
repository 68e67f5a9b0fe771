import { type AdminTourListItem, adminTourActiveFilters } from '@cusco/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAdminTours } from '../api/catalogue-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import type { AdminColumn } from '../components/admin-table.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/** #/admin/tours: the catalogue, offered or not, searched by code or name; each opens its editor. */
export function ToursPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const url = useUrlState(['q', 'active']);
  const tours = useAdminTours(url.query, url.page);
  const columns: AdminColumn<AdminTourListItem>[] = [
    {
      key: 'tour',
      header: t('tour'),
      render: (row) => (
        <TwoLines
          main={
            <Anchor component={Link} to={paths.adminTour.href(row.code)} fw={600}>
              {row.name}
            </Anchor>
          }
          sub={`${row.code} · ${row.family}`}
        />
      ),
    },
    {
      key: 'length',
      header: t('catalogue.length'),
      render: (row) =>
        t('catalogue.daysNights', {
          days: t('catalogue.days', { count: row.days }),
          nights: t('catalogue.nights', { count: row.nights }),
        }),
    },
    {
      key: 'from',
      header: t('catalogue.fromPrice'),
      align: 'right',
      render: (row) => (row.fromPrice === null ? '—' : formatMoney(row.fromPrice, language)),
    },
    {
      key: 'active',
      header: t('catalogue.status'),
      render: (row) => (
        <ToneBadge color={row.active ? 'teal' : 'gray'}>
          {t(row.active ? 'catalogue.offered' : 'catalogue.notOffered')}
        </ToneBadge>
      ),
    },
  ];
  const offered = adminTourActiveFilters
    .filter((value) => value !== 'all')
    .map((value) => ({ value, label: t(`catalogue.filter.${value}`) }));
  return (
    <ListScreen
      section="catalogue"
      filters={[{ search: 'q' }, { select: 'active', data: offered }]}
      url={url}
      list={tours}
      columns={columns}
      rowKey={(row) => row.code}
    />
  );
}
