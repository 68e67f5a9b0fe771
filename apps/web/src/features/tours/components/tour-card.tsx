import type { TourListItem } from '@cusco/shared';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** Spec §2 tours: name, modality, category and a Reserve link (corporate or public booking). */
export function TourCard({ tour, corporate }: { tour: TourListItem; corporate: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The public booking page in the language the customer reads the catalogue in (spec §2: 0 is
  // English, 1 Spanish); without it the page would open in English.
  const href = corporate
    ? paths.corporative.href(tour.code)
    : paths.booking.href(tour.code, language === 'es' ? 1 : 0);
  const headingId = `tour-${tour.code}`;
  return (
    <Card withBorder shadow="xs" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Badge variant="light" w="fit-content">
          {tour.categoryname}
        </Badge>
        <Title order={3} size="h4" id={headingId}>
          {tour.name}
        </Title>
        {tour.summary && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {tour.summary}
          </Text>
        )}
        <Group gap="lg">
          <Group gap={6}>
            <IconUsers size={18} aria-hidden />
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('tours.modality')}:
              </Text>{' '}
              {tour.typename}
            </Text>
          </Group>
          <Group gap={6}>
            <IconCalendar size={18} aria-hidden />
            <Text size="sm">
              {t('tours.days', { count: tour.days })} / {t('tours.nights', { count: tour.nights })}
            </Text>
          </Group>
        </Group>
        <Group justify="space-between" align="flex-end" mt="auto" pt="sm">
          {tour.fromPrice !== null ? (
            <Text size="sm">
              {t('tours.from')}{' '}
              <Text span fw={700} size="lg" c="terracotta.8">
                {formatMoney(tour.fromPrice, language)}
              </Text>
            </Text>
          ) : (
            <span />
          )}
          <Button
            component={Link}
            to={href}
            aria-label={t('tours.reserveTour', { name: tour.name })}
          >
            {t('tours.reserve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
