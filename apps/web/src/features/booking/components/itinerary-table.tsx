import type { Tour } from '@cusco/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The tour's days and their events. */
export function Itinerary({ tour }: { tour: Tour }) {
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>{t('booking.info.day')}</Table.Th>
          <Table.Th>{t('booking.info.event')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tour.itinerary.map((entry) => (
          <Table.Tr key={`${entry.day}-${entry.name}`}>
            <Table.Td>{t('booking.info.dayNumber', { day: entry.day })}</Table.Td>
            <Table.Td>{entry.name}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
