import { type AdminBookingDetail, isCancelled, type PassengerRegistryItem } from '@cusco/shared';
import { Button, Title } from '@mantine/core';
import { IconUserEdit, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable } from '../admin-table.tsx';
import { StaffPassengerModal } from './staff-passenger-modal.tsx';

/**
 * The booking's passenger slots, how complete each is, and for each an action that opens the
 * passenger form: "Edit details" for a registered passenger, "Add details" for an empty slot. A
 * cancelled booking's passengers are kept as they were (ADR 0037): no action then.
 */
export function PassengersSection({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const [editing, setEditing] = useState<PassengerRegistryItem | null>(null);
  const { booking } = data.booking;
  const rows = data.booking.passangerRegistry;
  const title = t('bookingScreen.passengers');
  const editable = !isCancelled(booking.status);
  const columns: AdminColumn<PassengerRegistryItem>[] = [
    { key: 'number', header: '#', render: (row) => row.number },
    { key: 'name', header: t('manifest.name'), render: (row) => row.name || t('manifest.noData') },
    { key: 'type', header: t('manifest.type'), render: (row) => row.type },
    {
      key: 'complete',
      header: t('manifest.complete'),
      align: 'right',
      render: (row) => `${row.percentage}%`,
    },
    {
      key: 'scan',
      header: t('manifest.scan'),
      render: (row) => (row.hasDocument ? t('yes') : t('no')),
    },
  ];
  if (editable)
    columns.push({
      key: 'edit',
      header: t('actions'),
      render: (row) => {
        const action = row.clientId ? 'edit' : 'add';
        const label = t(`deskPassenger.${action}`);
        return (
          <Button
            size="xs"
            variant="light"
            leftSection={
              row.clientId ? (
                <IconUserEdit size={16} aria-hidden />
              ) : (
                <IconUserPlus size={16} aria-hidden />
              )
            }
            aria-label={t(`deskPassenger.${action}Of`, { label, number: row.number })}
            onClick={() => setEditing(row)}
          >
            {label}
          </Button>
        );
      },
    });
  return (
    <section>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <AdminTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t('manifest.empty')}
      />
      <StaffPassengerModal
        slot={editing}
        bookingCode={booking.code}
        travelDate={booking.tripDate}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
