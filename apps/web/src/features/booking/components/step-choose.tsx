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
import { IconCalendar } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../../../lib/dates.ts';
import { useDrawnLater } from '../../../lib/drawn-later.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { byDate, firstBookable, unavailable, useAvailability } from '../api/get-availability.ts';
import { useRequestedDate } from '../hooks/use-step-in-address.ts';
import {
  type BookingDraft,
  type DateGone,
  type HotelRow,
  roomsLeft,
  type StepOneField,
  totalPassengers,
} from '../model/draft.ts';
import { HotelBlock } from './hotel-block.tsx';
import { type LimitNotes, useLimitNoteAt } from './limit-note.tsx';
import { PassengerCounts } from './passenger-counts.tsx';
import { ServicesBlock } from './services-block.tsx';
import { TravelDateField } from './travel-date.tsx';

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
  /** The rules of step 1 the draft breaks, by field, once Continue was pressed (ADR 0038). */
  problems: Partial<Record<StepOneField, string>>;
  /** Changes each time Continue is refused: the messages are announced again. */
  announce: number;
  /** What was typed in a count that is not a whole number, by input ('count:…', 'service:…'). */
  typedWrong: Record<string, string>;
  /** A corporate booking's minimum of passengers for the chosen date, said before Continue. */
  corporateHint: string | null;
  /** The date chosen could not be booked when saving (step 3): why, and the next dates. */
  dateGone: DateGone | null;
  /** A date the customer chose themselves (in the calendar, or one of the next dates offered). */
  onPickDate(date: string): void;
  /**
   * The chosen date's seats are still being read: Continue waits for them (a date the page has
   * not yet seen closed, today's at first, would otherwise go on to be refused when saving).
   */
  checking?: boolean;
  onContinue(): void;
}

/**
 * Spec §2 step 1: date, type, category, passengers, hotel and extras, then Continue (to the
 * sign-in, or to step 3). What Continue refuses is said by its field, and the first wrong field
 * gets the focus (ADR 0038).
 */
export function StepChoose(props: StepChooseProps) {
  const { t } = useTranslation();
  const { tour, draft, locked, problems } = props;
  const noteAt = useLimitNoteAt(props.limits);
  // The hotels, the extras and Continue are below a phone's first screenful: drawn just after it.
  const lower = useDrawnLater();
  const problemNote = (field: StepOneField) =>
    problems[field] ? { text: problems[field], error: true, announce: props.announce } : null;
  /** The tour's type, then its category (a hotel category or a language): one choice each. */
  const choices = [
    {
      key: 'type',
      label: t('booking.type'),
      options: tour.types,
      value: draft.typeId,
      onChange: props.onType,
      error: problems.type,
    },
    {
      key: 'category',
      label: isHotelCategoryFamily(tour.categoryPrincipal)
        ? t('booking.hotelCategory')
        : t('booking.language'),
      options: tour.categories,
      value: draft.categoryId,
      onChange: props.onCategory,
      error: problems.category,
    },
  ] as const;

  return (
    <Stack gap="lg">
      <TravelDate
        tour={tour}
        value={draft.date}
        typeId={draft.typeId}
        categoryId={draft.categoryId}
        onChange={props.onDate}
        disabled={locked}
        problem={problems.date ?? null}
        gone={props.dateGone}
        onPick={props.onPickDate}
      />

      {choices.map(({ key, ...choice }) => (
        <OptionRadios key={key} field={key} {...choice} disabled={locked} />
      ))}

      <PassengerCounts
        tour={tour}
        draft={draft}
        quote={props.quote}
        disabled={locked}
        note={problemNote('passengers') ?? noteAt('passengers')}
        typedWrong={props.typedWrong}
        hint={props.corporateHint}
        onChange={props.onCount}
      />

      {lower && (
        <>
          <HotelBlock
            tour={tour}
            rows={draft.hotels}
            disabled={locked}
            passengers={totalPassengers(draft)}
            roomsLeft={roomsLeft(draft)}
            note={problemNote('hotels') ?? noteAt('hotels')}
            onAdd={props.onAddHotel}
            onRemove={props.onRemoveHotel}
          />

          <ServicesBlock
            tour={tour}
            draft={draft}
            disabled={locked}
            noteAt={noteAt}
            typedWrong={props.typedWrong}
            onToggle={props.onToggleService}
            onQuantity={props.onServiceQuantity}
          />

          <Group justify="flex-end">
            <Button size="lg" onClick={props.onContinue} disabled={locked} loading={props.checking}>
              {t('steps.continue')}
            </Button>
          </Group>
        </>
      )}
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
 * that can is chosen instead (today's, at first), and the customer is told why beside the field.
 * When the chosen date closes while the customer is choosing, or was refused when saving
 * (`gone`, with the server's next dates offered as buttons), they are told. Few seats left are
 * said.
 */
function TravelDate({
  tour,
  value,
  typeId,
  categoryId,
  onChange,
  disabled,
  problem,
  gone,
  onPick,
}: {
  tour: Tour;
  value: string;
  typeId: string;
  categoryId: string;
  onChange(date: string): void;
  disabled: boolean;
  problem: string | null;
  gone: DateGone | null;
  onPick(date: string): void;
}) {
  const { t } = useTranslation();
  const today = useMemo(() => todayInLima(), []);
  const availability = useAvailability(tour.code, typeId, categoryId);
  const days = useMemo(() => byDate(availability.data), [availability.data]);
  const chosen = days.get(value);
  const active = !disabled && !availability.isPlaceholderData;
  const { notice, clearNotice } = useBookableDate(days, value, onChange, active, today);
  const dayLabels = useDayLabels(days);
  return (
    <Stack gap={4}>
      <TravelDateField
        label={t('booking.travelDate')}
        leftSection={<IconCalendar size={18} aria-hidden />}
        value={value}
        onChange={(date) => {
          clearNotice();
          onPick(date);
        }}
        calendar={{
          minDate: today,
          maxDate: addYears(today, BOOKING_DATE_RANGE_YEARS),
          excludeDate: (date) => unavailable(days.get(date)),
          ...dayLabels,
        }}
        valueFormat="dddd D MMMM YYYY"
        disabled={disabled}
        required
        maw={360}
        error={problem}
        errorProps={{ role: 'alert' }}
        data-field="date"
        aria-describedby={gone ? 'date-gone' : notice ? 'date-notice' : undefined}
      />
      {gone ? (
        <NextDates
          gone={gone}
          onNextDate={(date) => {
            clearNotice();
            onPick(date);
          }}
        />
      ) : (
        notice && (
          <Alert
            color="orange"
            role={notice.closedWhileChoosing ? 'alert' : 'status'}
            id="date-notice"
            data-testid="date-closed"
          >
            {notice.text}
          </Alert>
        )
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
 * The server refused the date when saving (closed or sold out meanwhile): its words, and the next
 * dates with room as buttons that choose them. The first of them gets the focus.
 */
function NextDates({ gone, onNextDate }: { gone: DateGone; onNextDate(date: string): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const first = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    (first.current ?? heading.current)?.focus();
  }, []);
  return (
    <Alert color="orange" role="alert" id="date-gone" data-testid="date-gone">
      <Text fw={700} size="sm" ref={heading} tabIndex={-1}>
        {gone.message}
      </Text>
      <Text size="sm" mt={4}>
        {gone.nextDates.length > 0 ? t('steps.nextDates') : t('steps.noNextDates')}
      </Text>
      {gone.nextDates.length > 0 && (
        <Group gap="xs" mt="xs">
          {gone.nextDates.map((date, index) => (
            <Button
              key={date}
              ref={index === 0 ? first : undefined}
              size="compact-sm"
              variant="white"
              onClick={() => onNextDate(date)}
            >
              {formatLongDate(date, language)}
            </Button>
          ))}
        </Group>
      )}
    </Alert>
  );
}

/** What the date field says about a date it moved: why, and that another was chosen. */
interface DateNotice {
  text: string;
  /** The date closed while chosen (announced at once), rather than closed when the page opened. */
  closedWhileChoosing: boolean;
}

/**
 * Never keeps a date that cannot be booked (while `active`: the day's seats are known): the
 * first one that can is chosen instead, and the `notice` says why: the date was closed when the
 * page opened ("Today cannot be booked: …; the first open date is chosen"), or it closed while
 * the customer was choosing. The page may open on the first open date already (its days were at
 * hand): then today's reason is said.
 */
/**
 * A date the address asks for can be chosen: from today to the end of the booking range, and
 * not closed, cancelled or sold out for the chosen departure (one past the calendar's answer is
 * left to the server, as a date picked there is).
 */
export function isBookableRequest(
  date: string,
  days: Map<string, AvailabilityDay>,
  today: string,
): boolean {
  return (
    date >= today &&
    date <= addYears(today, BOOKING_DATE_RANGE_YEARS) &&
    !unavailable(days.get(date))
  );
}

function useBookableDate(
  days: Map<string, AvailabilityDay>,
  value: string,
  onChange: (date: string) => void,
  active: boolean,
  today: string,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { asked, requested, done: requestedTaken } = useRequestedDate();
  /** The address's date (`?date=`) is chosen once, when the day's seats are known. */
  const [requestedDone, setRequestedDone] = useState(false);
  /** The last date seen open while chosen: if it closes, the customer is told why. */
  const seenOpen = useRef<string | null>(null);
  /** The date moved from, when it was closed from the start. */
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  /** The customer chose a date themselves: what the page chose is no longer worth saying. */
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (!active) return;
    // Once the day's seats are there (not before: an empty answer would let any date through).
    if (!requestedDone && asked && days.size > 0) {
      setRequestedDone(true);
      requestedTaken();
      if (requested && requested !== value && isBookableRequest(requested, days, today)) {
        onChange(requested);
        return;
      }
    }
    const day = days.get(value);
    if (!unavailable(day)) {
      if (day) seenOpen.current = value;
      return;
    }
    if (seenOpen.current === value && day) {
      setClosedNotice(t('msg:dateClosedWhileChoosing', { reason: whyClosed(day, t) }));
    } else {
      setMovedFrom(value);
    }
    onChange(firstBookable(days, value));
  }, [days, value, active, onChange, t, asked, requested, requestedTaken, requestedDone, today]);

  // The first open date, chosen because the date before it (today, at first) cannot be booked.
  const from =
    movedFrom ??
    (unavailable(days.get(today)) && value === firstBookable(days, today) ? today : null);
  const fromDay = from === null ? undefined : days.get(from);
  const movedNotice =
    !picked && from !== null && fromDay && value !== from
      ? t(from === today ? 'steps.todayClosed' : 'steps.dateClosed', {
          date: formatLongDate(from, language),
          reason: whyClosed(fromDay, t),
        })
      : null;
  const notice: DateNotice | null = closedNotice
    ? { text: closedNotice, closedWhileChoosing: true }
    : movedNotice
      ? { text: movedNotice, closedWhileChoosing: false }
      : null;
  return {
    notice,
    clearNotice: () => {
      setClosedNotice(null);
      setPicked(true);
    },
  };
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
  field,
  label,
  options,
  value,
  onChange,
  disabled,
  error,
}: {
  field: StepOneField;
  label: string;
  options: Tour['types'];
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  error: string | undefined;
}) {
  return (
    <Radio.Group
      label={label}
      value={value}
      onChange={onChange}
      required
      error={error}
      errorProps={{ role: 'alert' }}
    >
      <Group mt="xs">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={disabled}
            data-field={field}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
