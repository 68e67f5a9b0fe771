import { fromCents, hotelLine, pricingCatalogFromTour, type Tour } from '@cusco/shared';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/error-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { cleanCount, type HotelRow } from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';
import { LimitNote, type LimitNoteAt } from './limit-note.tsx';

/**
 * Spec §2 optional hotel block: hotel category, room type and count; add and delete rows. At
 * most one room per passenger: the count typed is capped at the rooms left, and `note` shows a
 * broken limit (fewer passengers than rooms added).
 */
export function HotelBlock({
  tour,
  rows,
  disabled,
  passengers,
  roomsLeft,
  note,
  onAdd,
  onRemove,
}: {
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
  const language = useLanguage();
  const [hotelTypeId, setHotelTypeId] = useState<string | null>(null);
  const [roomTypeId, setRoomTypeId] = useState<string | null>(null);
  const [rooms, setRooms] = useState('');
  /** Why the count typed was lowered (a notice), or why Add refused it (an error). */
  const [roomsNote, setRoomsNote] = useState<{ text: string; error: boolean } | null>(null);
  const catalog = useMemo(() => pricingCatalogFromTour(tour), [tour]);
  const hotel = tour.hotel;
  if (!hotel) return null;

  const tooMany = (error: boolean) => ({
    text: t('msg:roomsOverPassengers', { max: passengers }),
    error,
  });
  const typeRooms = (typed: string) => {
    const value = cleanCount(typed);
    const count = value ? Number.parseInt(value, 10) : 0;
    if (roomsLeft !== null && roomsLeft > 0 && count > roomsLeft) {
      setRooms(String(roomsLeft));
      setRoomsNote(tooMany(false));
      return;
    }
    setRooms(value);
    setRoomsNote(null);
  };

  const add = () => {
    const count = rooms ? Number.parseInt(rooms, 10) : 0;
    // Spec §5 hotel add: category, room type and a nonzero room count are required.
    if (!hotelTypeId || !roomTypeId || count === 0) {
      showAlert(t('common.error'), t('msg:hotelAllData'));
      return;
    }
    if (roomsLeft !== null && count > roomsLeft) {
      setRoomsNote(tooMany(true));
      document.getElementById('hotel-rooms')?.focus();
      return;
    }
    if (!hotelLine(catalog, { hotelTypeId, roomTypeId, rooms: count })) {
      showAlert(
        t('common.error'),
        t('msg:hotelNotConfigured', {
          hotel: labelOf(hotel.types, hotelTypeId),
          room: labelOf(hotel.rooms, roomTypeId),
        }),
      );
      return;
    }
    onAdd({ hotelTypeId, roomTypeId, rooms: count });
    setRooms('');
    setRoomsNote(null);
  };

  return (
    <Fieldset legend={t('booking.hotel.legend')} disabled={disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('booking.hotel.hint', { count: tour.hotelNight })} {t('booking.hotel.onePerPassenger')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('booking.hotel.category')}
            data={hotel.types}
            value={hotelTypeId}
            onChange={setHotelTypeId}
            allowDeselect={false}
          />
          <Select
            label={t('booking.hotel.room')}
            data={hotel.rooms}
            value={roomTypeId}
            onChange={setRoomTypeId}
            allowDeselect={false}
          />
          <TextInput
            id="hotel-rooms"
            label={t('booking.hotel.rooms')}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={2}
            placeholder="0"
            value={rooms}
            onChange={(event) => typeRooms(event.currentTarget.value)}
            error={roomsNote?.error ? roomsNote.text : undefined}
            errorProps={{ role: 'alert' }}
          />
        </SimpleGrid>
        {roomsNote && !roomsNote.error && (
          <LimitNote note={{ ...roomsNote, announce: 0 }} id="hotel-rooms-note" />
        )}
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add}>
            {t('booking.hotel.add')}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('booking.hotel.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-label={t('booking.hotel.added')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('booking.hotel.category')}</Table.Th>
                  <Table.Th>{t('booking.hotel.room')}</Table.Th>
                  <Table.Th ta="right">{t('booking.hotel.rooms')}</Table.Th>
                  <Table.Th ta="right">{t('booking.hotel.price')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.remove')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const line = hotelLine(catalog, row);
                  const hotelName = labelOf(hotel.types, row.hotelTypeId);
                  const roomName = labelOf(hotel.rooms, row.roomTypeId);
                  return (
                    <Table.Tr key={`${row.hotelTypeId}:${row.roomTypeId}`}>
                      <Table.Td>{hotelName}</Table.Td>
                      <Table.Td>{roomName}</Table.Td>
                      <Table.Td ta="right">{row.rooms}</Table.Td>
                      <Table.Td ta="right">
                        {line ? formatMoney(fromCents(line.unitCents), language) : ''}
                      </Table.Td>
                      <Table.Td ta="right">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onRemove(row)}
                          data-limit="hotels"
                          aria-label={t('booking.hotel.remove', {
                            room: roomName,
                            hotel: hotelName,
                          })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LimitNote note={note} id="hotels-limit" />
      </Stack>
    </Fieldset>
  );
}
