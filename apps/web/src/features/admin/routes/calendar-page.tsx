import { type DepartureCalendarDay, todayInLima } from '@cusco/shared';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
  IconPencil,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageAction, PageTitle } from '../../../components/page-title.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useTourList } from '../../../lib/queries/tour-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useTourCalendar } from '../api/admin-api.ts';
import { BulkDeparturesModal } from '../components/bulk-departures-modal.tsx';
import { DepartureModal } from '../components/departure-modal.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';
import classes from './calendar-page.module.css';

/** The fewest seats left among a day's group departures; null when none is limited. */
function fewestSeats(day: DepartureCalendarDay): number | null {
  const limited = day.groups.map((group) => group.seatsLeft).filter((seats) => seats !== null);
  return limited.length ? Math.min(...(limited as number[])) : null;
}

/** How a day reads at a glance: its tone and its one-word state. */
function dayState(day: DepartureCalendarDay): 'closed' | 'cancelled' | 'soldOut' | 'few' | 'open' {
  if (day.status !== 'open') return day.status;
  const seats = fewestSeats(day);
  if (seats === 0) return 'soldOut';
  return seats !== null && seats <= 5 ? 'few' : 'open';
}

/** The buttons to the month before and the month after: how far each goes, and its arrow. */
const monthSteps = {
  previous: { by: -1, Icon: IconChevronLeft },
  next: { by: 1, Icon: IconChevronRight },
};

/**
 * #/admin/calendar: a tour's departures month by month (issue 14): each day's status, seats,
 * bookings and permits; a day's figures below the month; administrators edit a day or schedule
 * a range of dates in bulk. The tour and the month are kept in the URL.
 */
export function CalendarPage() {
  const { t } = useAdminText();
  const url = useUrlState(['tour', 'month']);
  const tourCode = url.values.tour || '100401';
  const month = dayjs(`${url.values.month || todayInLima().slice(0, 7)}-01`);
  const calendar = useTourCalendar(tourCode, {
    from: month.format('YYYY-MM-DD'),
    to: month.endOf('month').format('YYYY-MM-DD'),
  });
  const admin = useSessionUser()?.role === 'admin';
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const day = calendar.data?.days.find((candidate) => candidate.date === selected);

  return (
    <>
      <PageTitle title={t('calendar.title')}>
        {admin && (
          <PageAction icon={IconCalendarPlus} onClick={() => setScheduling(true)}>
            {t('bulk.open')}
          </PageAction>
        )}
      </PageTitle>
      <TourAndMonth
        tourCode={tourCode}
        month={month}
        onTour={(code) => url.set('tour', code)}
        onMonth={(next) => url.set('month', next.format('YYYY-MM'))}
      />
      {calendar.error ? (
        <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : (
        <MonthGrid
          month={month}
          days={calendar.data?.days ?? []}
          busy={calendar.isFetching}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {day && <DayFigures day={day} onEdit={admin ? () => setEditing(true) : undefined} />}
      {day && (
        <DepartureModal
          key={`${tourCode}/${day.date}/${editing}`}
          opened={editing}
          onClose={() => setEditing(false)}
          initial={{
            tourCode,
            date: day.date,
            capacity: day.scheduled ? (day.capacity ?? '') : '',
            permits: day.permits ?? '',
            privateGroups: day.scheduled ? (day.privateGroups ?? '') : '',
            status: day.status,
            reason: day.reason,
          }}
        />
      )}
      <BulkDeparturesModal
        key={tourCode}
        tourCode={tourCode}
        opened={scheduling}
        onClose={() => setScheduling(false)}
      />
    </>
  );
}

/** The tour to show, and the month with the buttons to the one before and after. */
function TourAndMonth({
  tourCode,
  month,
  onTour,
  onMonth,
}: {
  tourCode: string;
  month: dayjs.Dayjs;
  onTour(code: string): void;
  onMonth(month: dayjs.Dayjs): void;
}) {
  const { t } = useAdminText();
  const tours = useTourList();
  const monthButton = (step: keyof typeof monthSteps) => {
    const { by, Icon } = monthSteps[step];
    return (
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t(`calendar.${step}`)}
        onClick={() => onMonth(month.add(by, 'month'))}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    );
  };
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <Select
        label={t('calendar.tour')}
        data={(tours.data ?? []).map((tour) => ({
          value: tour.code,
          label: `${tour.code} · ${tour.name}`,
        }))}
        value={tourCode}
        onChange={(value) => value && onTour(value)}
        allowDeselect={false}
        searchable
        w={{ base: '100%', sm: 380 }}
      />
      <Group gap="xs" wrap="nowrap">
        {monthButton('previous')}
        <MonthName month={month} />
        {monthButton('next')}
      </Group>
    </Group>
  );
}

function MonthName({ month }: { month: dayjs.Dayjs }) {
  const language = useLanguage();
  return (
    <Text fw={700} miw={150} ta="center" aria-live="polite">
      {month.locale(language).format('MMMM YYYY')}
    </Text>
  );
}

/** The month as a table of weeks (Monday first); each day a button that shows its figures. */
function MonthGrid({
  month,
  days,
  busy,
  selected,
  onSelect,
}: {
  month: dayjs.Dayjs;
  days: DepartureCalendarDay[];
  busy: boolean;
  selected: string | null;
  onSelect(date: string): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  // Monday of the week of the 1st, then six weeks at most.
  const start = month.subtract((month.day() + 6) % 7, 'day');
  const weeks = Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, index) => start.add(week * 7 + index, 'day')),
  ).filter((week) => week.some((date) => date.month() === month.month()));
  const byDate = new Map(days.map((day) => [day.date, day]));
  return (
    <Table className={classes.grid} aria-busy={busy} layout="fixed" withTableBorder>
      <Table.Caption className={classes.caption}>{t('calendar.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {weeks[0]?.map((date) => (
            <Table.Th key={date.day()} ta="center">
              <abbr title={date.locale(language).format('dddd')}>
                {date.locale(language).format('dd')}
              </abbr>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week[0]?.format('YYYY-MM-DD')}>
            {week.map((date) => {
              const key = date.format('YYYY-MM-DD');
              const day = byDate.get(key);
              return (
                <Table.Td key={key} p={2}>
                  {day ? (
                    <DayCell day={day} selected={selected === key} onSelect={onSelect} />
                  ) : null}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DayCell({
  day,
  selected,
  onSelect,
}: {
  day: DepartureCalendarDay;
  selected: boolean;
  onSelect(date: string): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const state = dayState(day);
  const seats = fewestSeats(day);
  const short = state === 'open' || state === 'few' ? (seats === null ? '∞' : String(seats)) : '—';
  const summary =
    state === 'open' || state === 'few'
      ? seats === null
        ? t('calendar.unlimited')
        : t('calendar.seatsLeft', { count: seats })
      : t(`calendar.states.${state}`);
  return (
    <UnstyledButton
      className={classes.day}
      data-state={state}
      aria-pressed={selected}
      title={day.reason || summary}
      onClick={() => onSelect(day.date)}
    >
      {/* The name is the whole day in words; the figures drawn are its short form (a name given by
          aria-label would not hold the drawn figures, which axe's label-content-name-mismatch asks). */}
      <VisuallyHidden>{`${dayjs(day.date).locale(language).format('dddd D MMMM')}: ${summary}`}</VisuallyHidden>
      <span className={classes.number} aria-hidden>
        {dayjs(day.date).date()}
      </span>
      <span className={classes.seats} aria-hidden>
        {short}
      </span>
      <span className={classes.booked} aria-hidden>
        {day.booked > 0 ? t('calendar.bookedShort', { count: day.booked }) : ''}
      </span>
    </UnstyledButton>
  );
}

/** One day's figures: status, seats of each group, private groups and permits. */
function DayFigures({ day, onEdit }: { day: DepartureCalendarDay; onEdit?: () => void }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const unlimited = t('calendar.unlimited');
  return (
    <Card withBorder mt="md" padding="md" aria-live="polite" data-testid="day-figures">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {dayjs(day.date).locale(language).format('dddd D MMMM YYYY')}
        </Title>
        {onEdit && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
          >
            {t('calendar.edit')}
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        <Text>
          {t(`departure.statuses.${day.status}`)}
          {day.reason ? ` · ${day.reason}` : ''}
          {' · '}
          {day.scheduled ? t('calendar.scheduled') : t('calendar.tourDefaults')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {day.groups.map((group) => (
            <Text key={group.categoryId} size="sm">
              <strong>{t('calendar.group', { category: group.category })}</strong>
              <br />
              {t('calendar.groupFigures', {
                booked: group.booked,
                capacity: day.capacity ?? unlimited,
                left: group.seatsLeft ?? unlimited,
              })}
            </Text>
          ))}
          <Text size="sm">
            <strong>{t('calendar.private')}</strong>
            <br />
            {t('calendar.privateFigures', {
              count: day.privateBooked,
              groups: day.privateGroups ?? unlimited,
            })}
          </Text>
          <Text size="sm">
            <strong>{t('calendar.permits')}</strong>
            <br />
            {day.permits === null
              ? t('calendar.noPermits')
              : t('calendar.permitFigures', { used: day.permitsUsed, permits: day.permits })}
            <br />
            {t('crew.calendar', { count: day.crew })}
          </Text>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
