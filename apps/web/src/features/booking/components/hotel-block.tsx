import {
  fromCents,
  hotelLine,
  type PricingCatalog,
  pricingCatalogFromTour,
  type Tour,
} from '@cusco/shared';
import {
  Button,
  Fieldset,
  Group,
  Loader,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/lazy-select.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  COUNT_INPUT_LENGTH,
  capAt,
  cleanCount,
  type HotelRow,
  isWholeNumber,
} from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';
import type { TourHotel } from './hotel-rows.tsx';

// The added lines' table (Mantine's Table and its scroll container) loads with the first line,
// not with the booking page (ADR 0053).
const HotelRows = lazy(() =>
  import('./hotel-rows.tsx').then((module) => ({ default: module.HotelRows })),
);

import { LimitNote, type LimitNoteAt } from './limit-note.tsx';

/**
 * Spec §2 optional hotel block: hotel category, room type and count, each room priced per night
 * before it is added; add and delete rows. At most one room per passenger: the count typed is
 * capped at the rooms left, and `note` shows a broken limit (fewer passengers than rooms added)
 * or the rule of step 1 it breaks (a hotel is mandatory: then the hotel's field is marked).
 */
export function HotelBlock(props: {
  tour: Tour;
  rows: HotelRow[];
  disabled: boolean;
  /** The passengers chosen: one room each at most. */
  passengers: number;
  /** The rooms that can still be added, or null before any passenger is chosen. */
  roomsLeft: number | null;
  note: LimitNoteAt;
  onAdd(row: HotelRow): void;
  onRemove(row: HotelRow): void;
}) {
  const { t } = useTranslation();
  const { tour, rows } = props;
  const catalog = useMemo(() => pricingCatalogFromTour(tour), [tour]);
  const hotel = tour.hotel;
  if (!hotel) return null;

  return (
    <Fieldset legend={t('booking.hotel.legend')} disabled={props.disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('booking.hotel.hint', { count: tour.hotelNight })} {t('booking.hotel.onePerPassenger')}
        </Text>
        <HotelForm
          hotel={hotel}
          catalog={catalog}
          passengers={props.passengers}
          roomsLeft={props.roomsLeft}
          missing={Boolean(props.note?.error) && rows.length === 0}
          onAdd={props.onAdd}
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('booking.hotel.empty')}
          </Text>
        ) : (
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t('common.loading')} />}>
            <HotelRows hotel={hotel} catalog={catalog} rows={rows} onRemove={props.onRemove} />
          </Suspense>
        )}
        <LimitNote note={props.note} id="hotels-limit" />
      </Stack>
    </Fieldset>
  );
}

interface HotelFormProps {
  hotel: TourHotel;
  catalog: PricingCatalog;
  passengers: number;
  roomsLeft: number | null;
  /** A hotel is mandatory and none is added: the hotel's field is marked (its message is below). */
  missing: boolean;
  onAdd(row: HotelRow): void;
}

/**
 * The hotel category, room type and room count of a new line, and Add (spec §5 hotel add). Each
 * room type says its price per night for the hotel chosen, and the room chosen its price again
 * beside Add: the customer knows what a room costs before adding it.
 */
function HotelForm({ hotel, ...props }: HotelFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const line = useHotelLine({ hotel, ...props });
  const nightPrice = (roomTypeId: string | null) => {
    if (!line.hotelTypeId || !roomTypeId) return null;
    const priced = hotelLine(props.catalog, {
      hotelTypeId: line.hotelTypeId,
      roomTypeId,
      rooms: 1,
    });
    return priced ? formatMoney(fromCents(priced.unitCents), language) : null;
  };
  // Each room type's option says its price per night; the field, once chosen, its name only
  // (the price is said beside Add), so that it is not cut on a phone.
  const roomOption: SelectProps['renderOption'] = ({ option }) => {
    const price = nightPrice(option.value);
    return price ? t('steps.roomPerNight', { room: option.label, price }) : option.label;
  };
  const chosenPrice = nightPrice(line.roomTypeId);
  /** The hotel category, then the room type: one choice each. */
  const choices = [
    {
      key: 'category',
      label: t('booking.hotel.category'),
      data: hotel.types,
      value: line.hotelTypeId,
      onChange: line.setHotelTypeId,
      error: line.errors.category ?? props.missing,
      'data-field': 'hotels',
      'aria-describedby': props.missing ? 'hotels-limit' : undefined,
    },
    {
      key: 'room',
      label: t('booking.hotel.room'),
      data: hotel.rooms,
      value: line.roomTypeId,
      onChange: line.setRoomTypeId,
      error: line.errors.room,
      renderOption: roomOption,
    },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {choices.map(({ key, ...choice }) => (
          <Select
            key={key}
            id={`hotel-${key}`}
            {...choice}
            allowDeselect={false}
            errorProps={{ role: 'alert' }}
          />
        ))}
        <TextInput
          id="hotel-rooms"
          label={t('booking.hotel.rooms')}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={COUNT_INPUT_LENGTH}
          placeholder="0"
          value={line.rooms}
          onChange={(event) => line.typeRooms(event.currentTarget.value)}
          error={line.errors.rooms ?? (line.roomsNote?.error ? line.roomsNote.text : undefined)}
          errorProps={{ role: 'alert' }}
        />
      </SimpleGrid>
      {line.roomsNote && !line.roomsNote.error && (
        <LimitNote note={{ ...line.roomsNote, announce: 0 }} id="hotel-rooms-note" />
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} c="terracotta.8" data-testid="hotel-night-price">
          {chosenPrice
            ? t('steps.hotelNightPrice', { price: chosenPrice, count: props.catalog.hotelNights })
            : ''}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={line.add}>
          {t('booking.hotel.add')}
        </Button>
      </Group>
    </>
  );
}

/** What Add refused, by field: nothing chosen there, a room the hotel lacks, not a whole number. */
type LineErrors = Partial<Record<'category' | 'room' | 'rooms', string>>;

/**
 * The new hotel line's state: the room count typed is capped at the rooms left (a notice says
 * so), and Add checks the line (all chosen, not too many rooms, a price configured) before
 * adding: what is missing or wrong is said by its field, and the first such field gets the focus.
 */
function useHotelLine({ hotel, catalog, passengers, roomsLeft, onAdd }: HotelFormProps) {
  const { t } = useTranslation();
  const [hotelTypeId, setHotelTypeIdState] = useState<string | null>(null);
  const [roomTypeId, setRoomTypeIdState] = useState<string | null>(null);
  const [rooms, setRooms] = useState('');
  const [errors, setErrors] = useState<LineErrors>({});
  /** Why the count typed was lowered (a notice), or why Add refused it (an error). */
  const [roomsNote, setRoomsNote] = useState<{ text: string; error: boolean } | null>(null);
  const tooMany = (error: boolean) => ({
    text: t('msg:roomsOverPassengers', { count: passengers }),
    error,
  });
  const forget = (field: keyof LineErrors) => setErrors(({ [field]: _gone, ...others }) => others);

  const typeRooms = (typed: string) => {
    if (!isWholeNumber(typed)) {
      // Kept as typed, and refused by its field (ADR 0038).
      setRooms(typed);
      setRoomsNote(null);
      setErrors((others) => ({ ...others, rooms: t('steps.wholeNumber') }));
      return;
    }
    forget('rooms');
    // No cap before any passenger is chosen, nor once no room is left (Add says why).
    const max = roomsLeft ? roomsLeft : Number.POSITIVE_INFINITY;
    const { value, capped } = capAt(cleanCount(typed), max);
    setRooms(value);
    setRoomsNote(capped ? tooMany(false) : null);
  };

  /** Says what is wrong by its fields, the first of them focused; true when something is. */
  const refuse = (found: LineErrors) => {
    setErrors(found);
    const first = (['category', 'room', 'rooms'] as const).find((field) => found[field]);
    if (!first) return false;
    document.getElementById(`hotel-${first}`)?.focus();
    return true;
  };

  const add = () => {
    const wholeRooms = isWholeNumber(rooms);
    const count = wholeRooms && rooms.trim() ? Number.parseInt(rooms, 10) : 0;
    // Spec §5 hotel add: category, room type and a nonzero room count are required.
    if (
      refuse({
        ...(hotelTypeId ? {} : { category: t('steps.chooseHotel') }),
        ...(roomTypeId ? {} : { room: t('steps.chooseRoom') }),
        ...(!wholeRooms
          ? { rooms: t('steps.wholeNumber') }
          : count === 0
            ? { rooms: t('steps.enterRooms') }
            : {}),
      })
    )
      return;
    if (!hotelTypeId || !roomTypeId) return;
    if (roomsLeft !== null && count > roomsLeft) {
      setRoomsNote(tooMany(true));
      document.getElementById('hotel-rooms')?.focus();
      return;
    }
    if (!hotelLine(catalog, { hotelTypeId, roomTypeId, rooms: count })) {
      const names = {
        hotel: labelOf(hotel.types, hotelTypeId),
        room: labelOf(hotel.rooms, roomTypeId),
      };
      refuse({ room: t('msg:hotelNotConfigured', names) });
      return;
    }
    onAdd({ hotelTypeId, roomTypeId, rooms: count });
    setRooms('');
    setRoomsNote(null);
  };

  return {
    hotelTypeId,
    setHotelTypeId: (value: string | null) => {
      setHotelTypeIdState(value);
      forget('category');
      forget('room');
    },
    roomTypeId,
    setRoomTypeId: (value: string | null) => {
      setRoomTypeIdState(value);
      forget('room');
    },
    rooms,
    typeRooms,
    roomsNote,
    errors,
    add,
  };
}
