import type { AdminManifest } from '@cusco/shared';
import { Anchor, Button, Group, Progress, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { downloadManifest, useManifest } from '../api/admin-api.ts';
import { type AdminColumn, AdminTable, bookingColumn } from '../components/admin-table.tsx';
import { CrewSection } from '../components/crew/crew-section.tsx';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { TrailSection } from '../components/trail/trail-section.tsx';
import { useAdminText } from '../i18n.ts';

type ManifestRow = AdminManifest['passengers'][number];

/**
 * #/admin/departures/{tour}/{date}: everyone travelling on a departure, the incomplete first,
 * with the completeness figure, the diets' count and the CSV and PDF (the guide's manifest)
 * exports; its crew above them, assigned and removed there (issue 29); what the guides did on
 * the trail below them (issue 32).
 */
export function ManifestPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const { tour = '', date = '' } = useParams();
  const manifest = useManifest(tour, date);
  const columns = useManifestColumns();
  const data = manifest.data;
  const onlyUnpaid =
    data !== undefined && data.passengers.length > 0 && data.passengers.every((row) => !row.paid);
  return (
    <>
      <Anchor component={Link} to={paths.adminDepartures.href()} size="sm">
        ← {t('departures.title')}
      </Anchor>
      <PageTitle
        title={t('manifest.title', { tour: data?.tour ?? tour, date: formatDate(date, language) })}
      >
        <ExportButtons tour={tour} date={date} disabled={!data} />
      </PageTitle>
      {data && (
        <Group mb="md" gap="md" align="center">
          <Text fw={600} data-testid="manifest-completeness">
            {t('manifest.completeness', { complete: data.complete, count: data.total })}
          </Text>
          <Progress
            value={data.total ? (data.complete / data.total) * 100 : 0}
            w={200}
            aria-hidden
          />
          {data.diets.length > 0 && (
            <Text size="sm" data-testid="manifest-diets">
              {t('manifest29.diets', {
                diets: data.diets.map((diet) => `${diet.count} ${diet.name}`).join(', '),
              })}
            </Text>
          )}
        </Group>
      )}
      <CrewSection tour={tour} date={date} />
      {/* Paid bookings' passengers; the unpaid holds apart, below (none paid: only those). */}
      {(!data || !onlyUnpaid) && (
        <AdminTable
          caption={t('manifest.caption')}
          columns={columns}
          rows={data?.passengers.filter((row) => row.paid)}
          rowKey={(row) => `${row.bookingCode}/${row.position}`}
          query={manifest}
          empty={t('manifest.empty')}
        />
      )}
      {data?.passengers.some((row) => !row.paid) && (
        <section>
          <Title order={2} size="h4" mt={onlyUnpaid ? 0 : 'xl'} mb="sm">
            {t('ops.manifest.unpaidTitle')}
          </Title>
          <Text size="sm" mb="sm">
            {t('ops.manifest.unpaidHelp')}
          </Text>
          <AdminTable
            caption={t('ops.manifest.unpaidTitle')}
            columns={columns}
            rows={data.passengers.filter((row) => !row.paid)}
            rowKey={(row) => `${row.bookingCode}/${row.position}`}
            empty={t('manifest.empty')}
          />
        </section>
      )}
      <TrailSection tour={tour} date={date} />
    </>
  );
}

/** The manifest's downloads: a spreadsheet and a printable list. */
const exportFormats = [
  { format: 'csv', Icon: IconFileSpreadsheet },
  { format: 'pdf', Icon: IconFileTypePdf },
] as const;

function ExportButtons({
  tour,
  date,
  disabled,
}: {
  tour: string;
  date: string;
  disabled: boolean;
}) {
  const { t } = useAdminText();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = (format: 'csv' | 'pdf') => {
    setBusy(format);
    setError(null);
    downloadManifest(tour, date, format)
      .catch(setError)
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="xs">
      {exportFormats.map(({ format, Icon }) => (
        <Button
          key={format}
          variant="light"
          leftSection={<Icon size={18} aria-hidden />}
          loading={busy === format}
          disabled={disabled}
          onClick={() => run(format)}
        >
          {t(`manifest.${format}`)}
        </Button>
      ))}
      <ErrorAlert error={error} w="100%" />
    </Group>
  );
}

function useManifestColumns(): AdminColumn<ManifestRow>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  const dash = (value: string | null) => value || '—';
  return [
    {
      key: 'name',
      header: t('manifest.name'),
      render: (row) =>
        row.name || row.lastName ? (
          <Text size="sm" fw={600}>
            {`${row.name ?? ''} ${row.lastName ?? ''}`.trim()}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('manifest.noData')}
          </Text>
        ),
    },
    {
      key: 'document',
      header: t('manifest.document'),
      render: (row) =>
        row.documentNumber ? `${dash(row.documentType)} ${row.documentNumber}` : '—',
    },
    {
      key: 'nationality',
      header: t('manifest.nationality'),
      render: (row) => dash(row.nationality),
    },
    {
      key: 'birthDate',
      header: t('manifest.birthDate'),
      render: (row) => (row.birthDate ? formatDate(row.birthDate, language) : '—'),
    },
    { key: 'type', header: t('manifest.type'), render: (row) => row.customerType },
    {
      key: 'complete',
      header: t('manifest.complete'),
      align: 'right',
      render: (row) => (
        <ToneBadge color={row.completeness === 100 ? 'teal' : 'orange'}>
          {row.completeness}%
        </ToneBadge>
      ),
    },
    {
      key: 'scan',
      header: t('manifest.scan'),
      render: (row) => (row.hasScan ? t('yes') : t('no')),
    },
    {
      key: 'lead',
      header: t('ops.manifest.lead'),
      render: (row) => <TwoLines main={row.customerName} sub={row.customerPhone || '—'} />,
    },
    {
      key: 'pickup',
      header: t('pickup.manifest'),
      render: (row) =>
        row.pickupPlace ? (
          row.pickupPlace
        ) : (
          <Text span size="sm" c="dimmed">
            {t('manifest.noData')}
          </Text>
        ),
    },
    { key: 'diet', header: t('ops.manifest.diet'), render: (row) => dash(row.diet) },
    { key: 'medical', header: t('ops.manifest.medical'), render: (row) => dash(row.medical) },
    {
      key: 'emergency',
      header: t('manifest29.emergency'),
      render: (row) =>
        row.emergencyContactName || row.emergencyContactPhone ? (
          <TwoLines main={row.emergencyContactName || '—'} sub={row.emergencyContactPhone || '—'} />
        ) : (
          '—'
        ),
    },
    {
      key: 'paid',
      header: t('ops.manifest.paid'),
      render: (row) => (row.paid ? t('yes') : t('no')),
    },
    bookingColumn(t('booking')),
  ];
}
