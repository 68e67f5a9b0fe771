import type { Incident } from '@cusco/shared';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/error-modal.tsx';
import { useChangeIncidentStatus, useDeleteIncident } from '../api/incidents.ts';

/** Delete and Change status of an existing incident, each confirmed first. */
export function IncidentActions({ incident, onDone }: { incident?: Incident; onDone(): void }) {
  const { t } = useTranslation();
  const changeStatus = useChangeIncidentStatus();
  const remove = useDeleteIncident();

  const confirm = (message: string, onConfirm: () => void, danger = false) =>
    modals.openConfirmModal({
      title: t('incidents.confirmTitle'),
      children: <Text>{message}</Text>,
      labels: { confirm: t('incidents.yes'), cancel: t('incidents.no') },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm,
    });

  const askDelete = () =>
    incident &&
    confirm(
      t('incidents.confirmDelete', { name: incident.name }),
      () =>
        remove.mutate(incident.id, {
          onSuccess: () => {
            showSuccess(t('incidents.deletedTitle'), t('incidents.deletedText'));
            onDone();
          },
        }),
      true,
    );
  const askStatus = () =>
    incident &&
    confirm(
      `${t('incidents.confirmStatus', { name: incident.name })} ${t('incidents.confirmStatusTo', { status: incident.nextStatus ?? '' })}`,
      () =>
        changeStatus.mutate(incident.id, {
          onSuccess: () => {
            showSuccess(t('incidents.statusTitle'), t('incidents.statusText'));
            onDone();
          },
        }),
    );

  return (
    <Group gap="sm">
      {incident?.deletable && (
        <Button variant="light" color="red" onClick={askDelete} loading={remove.isPending}>
          {t('incidents.delete')}
        </Button>
      )}
      {incident?.nextStatusId && (
        <Button variant="light" onClick={askStatus} loading={changeStatus.isPending}>
          {t('incidents.changeStatus')}
        </Button>
      )}
    </Group>
  );
}
