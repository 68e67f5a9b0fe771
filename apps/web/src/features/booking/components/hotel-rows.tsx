import { fromCents, hotelLine, type PricingCatalog, type Tour } from '@cusco/shared';
import { ActionIcon, Table, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { usePhone } from '../../../lib/media.ts';
import type { HotelRow } from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';

/** The hotel categories and room types of a tour that offers hotel nights. */
export type TourHotel = NonNullable<Tour['hotel']>;

/**
 * The hotel lines added, each with its price per room and night and a Remove button. On a phone
 * the hotel, room and count share one column, so that the price and Remove stay in view at 360 px.
 */
export function HotelRows({
  hotel,
  catalog,
  rows,
  onRemove,
}: {
  hotel: TourHotel;
  catalog: PricingCatalog;
  rows: HotelRow[];
  onRemove(row: HotelRow): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phone = usePhone();
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 320}>
      <Table verticalSpacing="xs" aria-label={t('booking.hotel.added')}>
        <Table.Thead>
          <Table.Tr>
            {phone ? (
              <Table.Th>{t('booking.hotel.room')}</Table.Th>
            ) : (
              <>
                <Table.Th>{t('booking.hotel.category')}</Table.Th>
                <Table.Th>{t('booking.hotel.room')}</Table.Th>
                <Table.Th ta="right">{t('booking.hotel.rooms')}</Table.Th>
              </>
            )}
            <Table.Th ta="right">{t('booking.hotel.price')}</Table.Th>
            <Table.Th w={44}>
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
                {phone ? (
                  <Table.Td>
                    {t('booking.hotel.line', {
                      rooms: row.rooms,
                      room: roomName,
                      hotel: hotelName,
                    })}
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{hotelName}</Table.Td>
                    <Table.Td>{roomName}</Table.Td>
                    <Table.Td ta="right">{row.rooms}</Table.Td>
                  </>
                )}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line ? formatMoney(fromCents(line.unitCents), language) : ''}
                </Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(row)}
                    data-limit="hotels"
                    aria-label={t('booking.hotel.remove', { room: roomName, hotel: hotelName })}
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
  );
}
