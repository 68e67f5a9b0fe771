import { FEW_SEATS, fromCents, type Quote, type Tour } from '@cusco/shared';
import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAvailability } from '../api/get-availability.ts';
import type { BookingDraft } from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';

function Row({
  label,
  value,
  strong,
  money,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** An amount, kept on one line; any other value (a long tour name) wraps inside the box. */
  money?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Text
        size="sm"
        fw={strong ? 700 : 400}
        // Beside an amount, a long label (a service's name) wraps; beside a long value, it stays.
        style={money ? { minWidth: 0, overflowWrap: 'anywhere' } : { flexShrink: 0 }}
      >
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        ta="right"
        style={money ? { whiteSpace: 'nowrap' } : { minWidth: 0, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

interface SummaryLine {
  key: string;
  label: string;
  cents: number;
}

/** A titled group of the summary's lines (nothing when it has none). */
function LineGroup(props: { title: string; lines: SummaryLine[]; money(cents: number): string }) {
  if (props.lines.length === 0) return null;
  return (
    <>
      <Divider label={props.title} labelPosition="left" />
      {props.lines.map((line) => (
        <Row key={line.key} label={line.label} value={props.money(line.cents)} money />
      ))}
    </>
  );
}

/** The quote's passenger, hotel and service lines, named for the summary. */
function useSummaryLines(tour: Tour, quote: Quote | null) {
  const { t } = useTranslation();
  const offers = new Map(
    tour.additionalServices.flatMap((service) =>
      service.prices.map((price) => [price.id, `${service.name} (${price.label})`] as const),
    ),
  );
  return {
    passengers: (quote?.passengers ?? []).map((line) => ({
      key: line.customerTypeId,
      label: t('booking.summary.line', {
        label: labelOf(tour.customerTypes, line.customerTypeId),
        quantity: line.quantity,
      }),
      cents: line.totalCents,
    })),
    hotels: (quote?.hotels ?? []).map((line) => ({
      key: `${line.hotelTypeId}:${line.roomTypeId}`,
      label: t('booking.hotel.line', {
        rooms: line.rooms,
        room: labelOf(tour.hotel?.rooms, line.roomTypeId),
        hotel: labelOf(tour.hotel?.types, line.hotelTypeId),
      }),
      cents: line.totalCents,
    })),
    services: (quote?.services ?? []).map((line) => ({
      key: line.offerId,
      label: t('booking.summary.line', {
        label: offers.get(line.offerId) ?? '',
        quantity: line.quantity,
      }),
      cents: line.totalCents,
    })),
  };
}

/** "Only N seats left" under the date, when five or fewer remain on it (issue 14). */
function FewSeats({ tour, draft }: { tour: Tour; draft: BookingDraft }) {
  const { t } = useTranslation();
  const availability = useAvailability(tour.code, draft.typeId, draft.categoryId);
  const day = availability.data?.find((candidate) => candidate.date === draft.date);
  if (day?.status !== 'open' || day.more || day.seatsLeft > FEW_SEATS) return null;
  return (
    <Text size="sm" fw={600} c="terracotta.8" data-testid="summary-seats-left">
      {t('booking.seatsLeft', { count: day.seatsLeft })}
    </Text>
  );
}

/** Spec §2: the side summary: tour, date, type, category, the lines and the total. */
export function BookingSummary({
  tour,
  draft,
  quote,
  code,
  showPartial,
}: {
  tour: Tour;
  draft: BookingDraft;
  quote: Quote | null;
  code: string | null;
  showPartial: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (cents: number) => formatMoney(fromCents(cents), language);
  const lines = useSummaryLines(tour, quote);

  return (
    <Card
      withBorder
      shadow="sm"
      padding="lg"
      component="aside"
      aria-labelledby="booking-summary-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="booking-summary-title">
          {t('booking.summary.title')}
        </Title>
        {code && <Row label={t('booking.summary.code')} value={code} strong />}
        <Row label={t('booking.summary.tour')} value={tour.name} />
        <Row label={t('booking.summary.date')} value={formatDate(draft.date, language)} />
        <FewSeats tour={tour} draft={draft} />
        <Row label={t('booking.summary.type')} value={labelOf(tour.types, draft.typeId)} />
        <Row
          label={t('booking.summary.category')}
          value={labelOf(tour.categories, draft.categoryId)}
        />

        {quote && quote.passengers.length > 0 ? (
          <LineGroup
            title={t('booking.summary.passengers')}
            lines={lines.passengers}
            money={money}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('booking.summary.nothing')}
          </Text>
        )}
        <LineGroup title={t('booking.summary.hotels')} lines={lines.hotels} money={money} />
        <LineGroup title={t('booking.summary.services')} lines={lines.services} money={money} />

        <Divider />
        <div aria-live="polite">
          <Row
            label={t('booking.summary.total')}
            value={money(quote?.totalCents ?? 0)}
            strong
            money
            testId="summary-total"
          />
          {showPartial && quote && (
            <>
              <Row label={t('booking.summary.partial')} value={money(quote.partialCents)} money />
              <Text size="xs" c="dimmed">
                {t('booking.payment.partialHow')}
              </Text>
            </>
          )}
        </div>
      </Stack>
    </Card>
  );
}
