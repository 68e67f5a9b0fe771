import '../i18n.ts';
import type { GuideDeparture } from '@cusco/shared';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useOnline } from '../../../lib/online.ts';
import { useGuideDepartures } from '../api/departures.ts';
import { manifestQuery, useDownloadManifest } from '../api/manifest.ts';
import { QueueBar } from '../components/queue-bar.tsx';

/** `#/guide`: the departures the guide is assigned to, each to download for the trail. */
export function GuideDeparturesPage() {
  const { t } = useTranslation();
  const departures = useGuideDepartures();
  const online = useOnline();
  const language = useLanguage();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('guide:departuresTitle')}
      </Title>
      <QueueBar />
      {departures.isPending && !departures.isPaused && <Loader aria-label={t('common.loading')} />}
      {departures.data === undefined && !online && (
        <Alert color="yellow">{t('guide:offlineNoList')}</Alert>
      )}
      {departures.isError && !departures.data && (
        <Alert color="red">{departures.error.message}</Alert>
      )}
      {departures.data?.length === 0 && <Text>{t('guide:noDepartures')}</Text>}
      {departures.data && departures.data.length > 0 && (
        <>
          {!online && (
            <Text size="sm" c="dimmed">
              {t('guide:listAsOf', {
                time: formatDateTime(departures.dataUpdatedAt, language),
              })}
            </Text>
          )}
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {departures.data.map((departure) => (
              <DepartureCard
                key={`${departure.tourCode}/${departure.date}`}
                departure={departure}
              />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function DepartureCard({ departure }: { departure: GuideDeparture }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const online = useOnline();
  const download = useDownloadManifest();
  // The stored copy, watched (never fetched here).
  const stored = useQuery({ ...manifestQuery(departure.tourCode, departure.date), enabled: false });
  const downloaded = stored.data !== undefined;
  const titleId = `departure-${departure.tourCode}-${departure.date}`;
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={2} size="h5" id={titleId}>
          {departure.tour}
        </Title>
        <Text size="sm">
          {formatDate(departure.date, language)}
          {departure.endDate !== departure.date && ` – ${formatDate(departure.endDate, language)}`}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{departure.roleName}</Badge>
          <Text size="sm">
            {t('guide:travellersCount', { count: departure.travellers })} ·{' '}
            {t('guide:checkedInCount', { count: departure.checkedIn })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="downloaded-at">
          {downloaded
            ? t('guide:updatedAt', { time: formatDateTime(stored.dataUpdatedAt, language) })
            : t('guide:notDownloaded')}
        </Text>
        {download.isError && (
          <Text size="sm" c="red.9" role="alert">
            {download.error.message}
          </Text>
        )}
        <Group gap="xs">
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => download.mutate({ tourCode: departure.tourCode, date: departure.date })}
            loading={download.isPending}
            disabled={!online}
            variant={downloaded ? 'light' : 'filled'}
            aria-describedby={titleId}
          >
            {downloaded ? t('guide:downloadAgain') : t('guide:download')}
          </Button>
          {(downloaded || online) && (
            <Button
              component={Link}
              to={paths.guideDeparture.href(departure.tourCode, departure.date)}
              variant="default"
              aria-describedby={titleId}
            >
              {t('guide:open')}
            </Button>
          )}
        </Group>
        {!online && !downloaded && (
          <Text size="sm" c="dimmed">
            {t('guide:needsNetwork')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
