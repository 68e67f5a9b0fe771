import {
  type AvailabilityDay,
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  FEW_SEATS,
  isHotelCategoryFamily,
  type Quote,
  type Tour,
  todayInLima,
} from '@cusco/shared';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../../../lib/dates.ts';
import { byDate, firstBookable, unavailable, useAvailability } from '../api/get-availability.ts';
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
  /** The tour's type, then its category (a hotel category or a language): one choice each. */
  const choices = [
    {
      key: 'type',
      label: t('booking.type'),
      options: tour.types,
      value: draft.typeId,
      onChange: props.onType,
    },
    {
      key: 'category',
      label: isHotelCategoryFamily(tour.categoryPrincipal)
        ? t('booking.hotelCategory')
        : t('booking.language'),
      options: tour.categories,
      value: draft.categoryId,
      onChange: props.onCategory,
    },
  ];

  return (
    <Stack gap="lg">
      <TravelDate
        tour={tour}
        value={draft.date}
        typeId={draft.typeId}
        categoryId={draft.categoryId}
        onChange={props.onDate}
        disabled={locked}
      />

      {choices.map(({ key, ...choice }) => (
        <OptionRadios key={key} {...choice} disabled={locked} />
      ))}

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

/** Why a day cannot be booked, in words. */
function whyClosed(day: AvailabilityDay, t: TFunction) {
  return day.status === 'soldOut' ? t('booking.soldOut') : day.reason || t('booking.closed');
}

/**
 * The travel date, from today (in Lima) to the booking range's last day, for the departure of
 * the chosen type and category. Dates that cannot be booked are disabled, with why on hover and
 * in their name for screen readers; a date that cannot be booked is never kept: the first one
 * that can is chosen instead (today's, at first), and when the chosen date closes while the
 * customer is choosing, they are told. Few seats left are said.
 */
function TravelDate({
  tour,
  value,
  typeId,
  categoryId,
  onChange,
  disabled,
}: {
  tour: Tour;
  value: string;
  typeId: string;
  categoryId: string;
  onChange(date: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const today = useMemo(() => todayInLima(), []);
  const availability = useAvailability(tour.code, typeId, categoryId);
  const days = useMemo(() => byDate(availability.data), [availability.data]);
  const chosen = days.get(value);
  const active = !disabled && !availability.isPlaceholderData;
  const { closedNotice, clearNotice } = useBookableDate(days, value, onChange, active);
  const dayLabels = useDayLabels(days);
  return (
    <Stack gap={4}>
      <DatePickerInput
        label={t('booking.travelDate')}
        leftSection={<IconCalendar size={18} aria-hidden />}
        value={value}
        onChange={(date) => {
          if (!date) return;
          clearNotice();
          onChange(date);
        }}
        minDate={today}
        maxDate={addYears(today, BOOKING_DATE_RANGE_YEARS)}
        excludeDate={(date) => unavailable(days.get(date))}
        {...dayLabels}
        valueFormat="dddd D MMMM YYYY"
        disabled={disabled}
        required
        maw={360}
      />
      {closedNotice && (
        <Alert color="orange" role="alert" data-testid="date-closed">
          {closedNotice}
        </Alert>
      )}
      {chosen && chosen.status === 'open' && !chosen.more && chosen.seatsLeft <= FEW_SEATS && (
        <Text size="sm" fw={600} c="terracotta.8" role="status" data-testid="seats-left">
          {t('booking.seatsLeft', { count: chosen.seatsLeft })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Never keeps a date that cannot be booked (while `active`: the day's seats are known): the
 * first one that can is chosen instead. When the chosen date closes while the customer is
 * choosing, the answer's `closedNotice` says why.
 */
function useBookableDate(
  days: Map<string, AvailabilityDay>,
  value: string,
  onChange: (date: string) => void,
  active: boolean,
) {
  const { t } = useTranslation();
  /** The last date seen open while chosen: if it closes, the customer is told why. */
  const seenOpen = useRef<string | null>(null);
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    const day = days.get(value);
    if (!unavailable(day)) {
      if (day) seenOpen.current = value;
      return;
    }
    if (seenOpen.current === value && day) {
      setClosedNotice(t('msg:dateClosedWhileChoosing', { reason: whyClosed(day, t) }));
    }
    onChange(firstBookable(days, value));
  }, [days, value, active, onChange, t]);
  return { closedNotice, clearNotice: () => setClosedNotice(null) };
}

/** The calendar's days: why one cannot be booked (on hover and in its name), few seats left. */
function useDayLabels(days: Map<string, AvailabilityDay>) {
  const { t } = useTranslation();
  const calendarLabels = useCalendarLabels();
  const label = calendarLabels.getDayAriaLabel;
  const why = (day: AvailabilityDay) => whyClosed(day, t);
  return {
    ariaLabels: calendarLabels.ariaLabels,
    getDayProps: (date: string) => {
      const day = days.get(date);
      return day && unavailable(day) ? { title: why(day) } : {};
    },
    getDayAriaLabel: (date: string) => {
      const day = days.get(date);
      if (day && unavailable(day)) return `${label(date)}, ${why(day)}`;
      if (day && !day.more && day.seatsLeft <= FEW_SEATS) {
        return `${label(date)}, ${t('booking.seatsLeft', { count: day.seatsLeft })}`;
      }
      return label(date);
    },
  };
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
