import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  FEW_SEATS,
  isHotelCategoryFamily,
  type Quote,
  type Tour,
  todayInLima,
} from '@cusco/shared';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../../../lib/dates.ts';
import { byDate, unavailable, useAvailability } from '../api/get-availability.ts';
import { type BookingDraft, type HotelRow, roomsLeft, totalPassengers } from '../model/draft.ts';
import { HotelBlock } from './hotel-block.tsx';
import { type LimitNotes, useLimitNoteAt } from './limit-note.tsx';
import { PassengerCounts } from './passenger-counts.tsx';
import { ServicesBlock } from './services-block.tsx';

export interface StepChooseProps {
  tour: Tour;
  draft: BookingDraft;
  quote: Quote | null;
  locked: boolean;
  /** The tour's limits broken by the draft, or just applied to a number typed. */
  limits: LimitNotes;
  onDate(date: string): void;
  onType(typeId: string): void;
  onCategory(categoryId: string): void;
  onCount(customerTypeId: string, value: string): void;
  onAddHotel(row: HotelRow): void;
  onRemoveHotel(row: HotelRow): void;
  onToggleService(offerId: string, enabled: boolean): void;
  onServiceQuantity(offerId: string, quantity: string): void;
  onReserve(): void;
}

/** Spec §2 step 1: date, type, category, passengers, hotel and extras, then Reserve. */
export function StepChoose(props: StepChooseProps) {
  const { t } = useTranslation();
  const { tour, draft, locked } = props;
  const noteAt = useLimitNoteAt(props.limits);
  const categoryLabel = isHotelCategoryFamily(tour.categoryPrincipal)
    ? t('booking.hotelCategory')
    : t('booking.language');

  return (
    <Stack gap="lg">
      <TravelDate
        tourCode={tour.code}
        value={draft.date}
        onChange={props.onDate}
        disabled={locked}
      />

      <OptionRadios
        label={t('booking.type')}
        options={tour.types}
        value={draft.typeId}
        onChange={props.onType}
        disabled={locked}
      />

      <OptionRadios
        label={categoryLabel}
        options={tour.categories}
        value={draft.categoryId}
        onChange={props.onCategory}
        disabled={locked}
      />

      <PassengerCounts
        tour={tour}
        draft={draft}
        quote={props.quote}
        disabled={locked}
        note={noteAt('passengers')}
        onChange={props.onCount}
      />

      <HotelBlock
        tour={tour}
        rows={draft.hotels}
        disabled={locked}
        passengers={totalPassengers(draft)}
        roomsLeft={roomsLeft(draft)}
        note={noteAt('hotels')}
        onAdd={props.onAddHotel}
        onRemove={props.onRemoveHotel}
      />

      <ServicesBlock
        tour={tour}
        draft={draft}
        disabled={locked}
        noteAt={noteAt}
        onToggle={props.onToggleService}
        onQuantity={props.onServiceQuantity}
      />

      <Group justify="flex-end">
        <Button size="lg" onClick={props.onReserve} disabled={locked}>
          {t('booking.reserve')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The travel date: from today (in Lima) to the booking range's last day. Dates the agency closed
 * or sold out are disabled, their reason given on hover and to screen readers; when the chosen
 * date cannot be booked, the first one that can is chosen instead; few seats left are said.
 */
function TravelDate({
  tourCode,
  value,
  onChange,
  disabled,
}: {
  tourCode: string;
  value: string;
  onChange(date: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const today = useMemo(() => todayInLima(), []);
  const calendarLabels = useCalendarLabels();
  const availability = useAvailability(tourCode);
  const days = useMemo(() => byDate(availability.data), [availability.data]);
  const chosen = days.get(value);

  useEffect(() => {
    if (disabled || !unavailable(days.get(value))) return;
    let next = dayjs(value);
    for (
      let step = 0;
      step < AVAILABILITY_MAX_DAYS && unavailable(days.get(next.format('YYYY-MM-DD')));
      step++
    ) {
      next = next.add(1, 'day');
    }
    onChange(next.format('YYYY-MM-DD'));
  }, [days, value, disabled, onChange]);

  const why = (day: AvailabilityDay) =>
    day.status === 'soldOut'
      ? t('booking.soldOut')
      : t('booking.notRunning', { reason: day.reason });
  return (
    <Stack gap={4}>
      <DatePickerInput
        label={t('booking.travelDate')}
        leftSection={<IconCalendar size={18} aria-hidden />}
        value={value}
        onChange={(date) => date && onChange(date)}
        minDate={today}
        maxDate={addYears(today, BOOKING_DATE_RANGE_YEARS)}
        excludeDate={(date) => unavailable(days.get(date))}
        getDayProps={(date) => {
          const day = days.get(date);
          return day && unavailable(day) ? { title: why(day) } : {};
        }}
        valueFormat="dddd D MMMM YYYY"
        disabled={disabled}
        required
        maw={360}
        {...calendarLabels}
      />
      {chosen && chosen.status === 'open' && chosen.seatsLeft <= FEW_SEATS && (
        <Text size="sm" fw={600} c="terracotta.8" role="status" data-testid="seats-left">
          {t('booking.seatsLeft', { count: chosen.seatsLeft })}
        </Text>
      )}
    </Stack>
  );
}

/** One required choice among the tour's options (its types, its categories), as radio buttons. */
function OptionRadios({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: Tour['types'];
  value: string;
  onChange(value: string): void;
  disabled: boolean;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange} required>
      <Group mt="xs">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}
