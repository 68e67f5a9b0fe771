import {
  type AvailabilityDay,
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  type BookingDetail,
  FEW_SEATS,
  type Tour,
  todayInLima,
} from '@cusco/shared';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDates } from '../../../../components/local-dates.tsx';
import { useCalendarLabels } from '../../../../lib/dates.ts';
import { formatLongDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { unavailable, useTourDays } from '../../api/availability.ts';
import type { ChangeChoice } from '../../api/quote-change.ts';

type Booking = BookingDetail['booking'];

/**
 * The new travel date: a calendar from today (in Lima) to the booking range's last day, opening
 * on the month of the booking's date, for the departure of its type and category. Its own date,
 * the dates that cannot be booked (closed, cancelled, sold out) and those with fewer seats left
 * than its travellers are disabled, with why on hover and in their name for screen readers; few
 * seats left are said. The dates beyond what the
 * tour's days answer, or all of them when they could not be read, stay open: the server's quote
 * is the authority on a date.
 */
export function DateChooser({
  booking,
  travellers,
  typeId,
  ready,
  value,
  onChange,
  disabled,
}: {
  booking: Booking;
  /** The booking's travellers: the seats the new date must have. */
  travellers: number;
  typeId: string | undefined;
  /** Whether the tour's days may be read (once the booking's type is known). */
  ready: boolean;
  value: string | null;
  onChange(date: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const today = useMemo(() => todayInLima(), []);
  const tourDays = useTourDays(booking.tourCode, typeId, booking.idcategory, ready);
  const days = useMemo(
    () => new Map((tourDays.data ?? []).map((day) => [day.date, day])),
    [tourDays.data],
  );
  const calendarLabels = useCalendarLabels();
  const label = calendarLabels.getDayAriaLabel;
  /** Open, with fewer seats than the booking's travellers (their number is exact below `more`). */
  const tooFew = (day: AvailabilityDay | undefined) =>
    day !== undefined && day.status === 'open' && !day.more && day.seatsLeft < travellers;
  const why = (date: string, day: AvailabilityDay | undefined) => {
    if (date === booking.tripDate) return t('change.currentDate');
    if (day && tooFew(day)) return t('booking.seatsLeft', { count: day.seatsLeft });
    return day?.status === 'soldOut' ? t('booking.soldOut') : day?.reason || t('booking.closed');
  };
  const closed = (date: string) => {
    const day = days.get(date);
    return date === booking.tripDate || unavailable(day) || tooFew(day);
  };
  return (
    <LocalDates>
      <DatePickerInput
        label={t('change.newDate')}
        description={t('change.newDateHint', { date: formatLongDate(booking.tripDate, language) })}
        placeholder={t('change.pickDate')}
        leftSection={<IconCalendar size={18} aria-hidden />}
        value={value}
        onChange={(date) => {
          if (date) onChange(date);
        }}
        defaultDate={booking.tripDate}
        minDate={today}
        maxDate={addYears(today, BOOKING_DATE_RANGE_YEARS)}
        excludeDate={closed}
        ariaLabels={calendarLabels.ariaLabels}
        getDayProps={(date) => (closed(date) ? { title: why(date, days.get(date)) } : {})}
        getDayAriaLabel={(date) => {
          const day = days.get(date);
          if (closed(date)) return `${label(date)}, ${why(date, day)}`;
          if (day && !day.more && day.seatsLeft <= FEW_SEATS) {
            return `${label(date)}, ${t('booking.seatsLeft', { count: day.seatsLeft })}`;
          }
          return label(date);
        }}
        valueFormat="dddd D MMMM YYYY"
        disabled={disabled}
        required
        data-testid="change-date"
      />
    </LocalDates>
  );
}

/**
 * The type (group or private) and category, as radio buttons starting on the booking's own; a
 * choice other than the booking's is the change (quoted at once), the booking's own is none.
 */
export function OptionChooser({
  tour,
  current,
  onChange,
  disabled,
}: {
  tour: Tour;
  current: { typeId: string | undefined; categoryId: string };
  onChange(choice: ChangeChoice | null): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [typeId, setTypeId] = useState(current.typeId ?? '');
  const [categoryId, setCategoryId] = useState(current.categoryId);
  const choose = (next: { typeId: string; categoryId: string }) => {
    setTypeId(next.typeId);
    setCategoryId(next.categoryId);
    const same = next.typeId === current.typeId && next.categoryId === current.categoryId;
    onChange(
      same || !next.typeId || !next.categoryId
        ? null
        : { kind: 'option', typeId: next.typeId, categoryId: next.categoryId },
    );
  };
  const same = typeId === current.typeId && categoryId === current.categoryId;
  return (
    <Stack gap="md">
      <OptionRadios
        label={t('change.type')}
        options={tour.types}
        value={typeId}
        current={current.typeId}
        onChange={(value) => choose({ typeId: value, categoryId })}
        disabled={disabled}
      />
      <OptionRadios
        label={t('change.category')}
        options={tour.categories}
        value={categoryId}
        current={current.categoryId}
        onChange={(value) => choose({ typeId, categoryId: value })}
        disabled={disabled}
      />
      {same && (
        <Text size="sm" c="dimmed">
          {t('change.sameOption')}
        </Text>
      )}
    </Stack>
  );
}

function OptionRadios({
  label,
  options,
  value,
  current,
  onChange,
  disabled,
}: {
  label: string;
  options: Tour['types'];
  value: string;
  current: string | undefined;
  onChange(value: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Group mt="xs">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={
              option.value === current ? t('change.now', { option: option.label }) : option.label
            }
            disabled={disabled}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The new passenger's customer type (adult, student, child, baby), with who counts as each. */
export function AddChooser({
  tour,
  value,
  onChange,
  disabled,
}: {
  tour: Tour;
  value: string | null;
  onChange(customerTypeId: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('change.customerType')} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {tour.customerTypes.map((type) => (
          <Radio
            key={type.value}
            value={type.value}
            label={type.label}
            description={type.description}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
