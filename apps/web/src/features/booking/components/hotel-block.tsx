import {
  hotelLine,
  MAX_LENGTH,
  type PricingCatalog,
  pricingCatalogFromTour,
  type Tour,
} from '@cusco/shared';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/error-modal.tsx';
import { capAt, cleanCount, type HotelRow } from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';
import { HotelRows, type TourHotel } from './hotel-rows.tsx';
import { LimitNote, type LimitNoteAt } from './limit-note.tsx';

/**
 * Spec §2 optional hotel block: hotel category, room type and count; add and delete rows. At
 * most one room per passenger: the count typed is capped at the rooms left, and `note` shows a
 * broken limit (fewer passengers than rooms added).
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
          onAdd={props.onAdd}
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('booking.hotel.empty')}
          </Text>
        ) : (
          <HotelRows hotel={hotel} catalog={catalog} rows={rows} onRemove={props.onRemove} />
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
  onAdd(row: HotelRow): void;
}

/** The hotel category, room type and room count of a new line, and Add (spec §5 hotel add). */
function HotelForm({ hotel, ...props }: HotelFormProps) {
  const { t } = useTranslation();
  const line = useHotelLine({ hotel, ...props });
  /** The hotel category, then the room type: one choice each. */
  const choices = [
    {
      key: 'category',
      label: t('booking.hotel.category'),
      data: hotel.types,
      value: line.hotelTypeId,
      onChange: line.setHotelTypeId,
    },
    {
      key: 'room',
      label: t('booking.hotel.room'),
      data: hotel.rooms,
      value: line.roomTypeId,
      onChange: line.setRoomTypeId,
    },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {choices.map(({ key, ...choice }) => (
          <Select key={key} {...choice} allowDeselect={false} />
        ))}
        <TextInput
          id="hotel-rooms"
          label={t('booking.hotel.rooms')}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={MAX_LENGTH.quantity}
          placeholder="0"
          value={line.rooms}
          onChange={(event) => line.typeRooms(event.currentTarget.value)}
          error={line.roomsNote?.error ? line.roomsNote.text : undefined}
          errorProps={{ role: 'alert' }}
        />
      </SimpleGrid>
      {line.roomsNote && !line.roomsNote.error && (
        <LimitNote note={{ ...line.roomsNote, announce: 0 }} id="hotel-rooms-note" />
      )}
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={line.add}>
          {t('booking.hotel.add')}
        </Button>
      </Group>
    </>
  );
}

/**
 * The new hotel line's state: the room count typed is capped at the rooms left (a notice says
 * so), and Add checks the line (all chosen, not too many rooms, a price configured) before adding.
 */
function useHotelLine({ hotel, catalog, passengers, roomsLeft, onAdd }: HotelFormProps) {
  const { t } = useTranslation();
  const [hotelTypeId, setHotelTypeId] = useState<string | null>(null);
  const [roomTypeId, setRoomTypeId] = useState<string | null>(null);
  const [rooms, setRooms] = useState('');
  /** Why the count typed was lowered (a notice), or why Add refused it (an error). */
  const [roomsNote, setRoomsNote] = useState<{ text: string; error: boolean } | null>(null);
  const tooMany = (error: boolean) => ({
    text: t('msg:roomsOverPassengers', { count: passengers }),
    error,
  });

  const typeRooms = (typed: string) => {
    // No cap before any passenger is chosen, nor once no room is left (Add says why).
    const max = roomsLeft ? roomsLeft : Number.POSITIVE_INFINITY;
    const { value, capped } = capAt(cleanCount(typed), max);
    setRooms(value);
    setRoomsNote(capped ? tooMany(false) : null);
  };

  const add = () => {
    const count = rooms ? Number.parseInt(rooms, 10) : 0;
    // Spec §5 hotel add: category, room type and a nonzero room count are required.
    if (!hotelTypeId || !roomTypeId || count === 0) {
      return showAlert(t('common.error'), t('msg:hotelAllData'));
    }
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
      return showAlert(t('common.error'), t('msg:hotelNotConfigured', names));
    }
    onAdd({ hotelTypeId, roomTypeId, rooms: count });
    setRooms('');
    setRoomsNote(null);
  };

  return {
    hotelTypeId,
    setHotelTypeId,
    roomTypeId,
    setRoomTypeId,
    rooms,
    typeRooms,
    roomsNote,
    add,
  };
}
