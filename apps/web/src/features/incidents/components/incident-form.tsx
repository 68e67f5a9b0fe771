import {
  type Incident,
  IncidentStatusId,
  IncidentTypeId,
  incidentTarget,
  showsAnswer,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/error-modal.tsx';
import { useBookingDetail } from '../../../lib/queries/booking-detail.ts';
import { useAllBookings } from '../../../lib/queries/booking-list.ts';
import {
  useChangeIncidentStatus,
  useDeleteIncident,
  useIncident,
  useIncidentOptions,
  useSaveIncident,
  useUpdateIncident,
} from '../api/incidents.ts';

export type FormTarget =
  | { kind: 'new'; bookingId?: string; typeId?: string; lockBooking: boolean }
  | { kind: 'edit'; id: string };

/**
 * Spec §2 incident form: reservation (read-only when given), type, subject for the free-subject
 * type, status when editing, message, and the agency's observation and response when it has
 * answered. A remove request names the passenger or the service line to remove.
 */
export function IncidentFormModal({
  target,
  onDone,
  onCancel,
}: {
  target: FormTarget | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const existing = useIncident(target?.kind === 'edit' ? target.id : null);
  const title =
    target?.kind === 'edit'
      ? t('incidents.formEdit', { name: existing.data?.name ?? '' })
      : t('incidents.formNew');

  return (
    <Modal
      opened={target !== null}
      onClose={onCancel}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target?.kind === 'edit' && existing.isPending && (
        <Center py="xl" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      )}
      {target?.kind === 'new' && (
        <IncidentForm preset={target} onDone={onDone} onCancel={onCancel} />
      )}
      {target?.kind === 'edit' && existing.data && (
        <IncidentForm
          key={existing.dataUpdatedAt}
          incident={existing.data}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function IncidentForm({
  incident,
  preset,
  onDone,
  onCancel,
}: {
  incident?: Incident;
  preset?: { bookingId?: string; typeId?: string; lockBooking: boolean };
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const bookings = useAllBookings();
  const types = useIncidentOptions('types');
  const [bookingId, setBookingId] = useState(incident?.bookingId ?? preset?.bookingId ?? '');
  const [typeId, setTypeId] = useState(incident?.typeId ?? preset?.typeId ?? '');
  const [name, setName] = useState(
    incident && incident.typeId === IncidentTypeId.freeSubject ? incident.name : '',
  );
  const [targetId, setTargetId] = useState(incident?.targetId ?? '');
  const [description, setDescription] = useState(incident?.description ?? '');
  const [statusId, setStatusId] = useState(incident?.statusId ?? IncidentStatusId.registered);
  const save = useSaveIncident();
  const update = useUpdateIncident();
  const changeStatus = useChangeIncidentStatus();
  const remove = useDeleteIncident();

  const editing = incident !== undefined;
  const readOnly = editing && !incident.editable;
  const needs = incidentTarget(typeId);
  const booking = useBookingDetail(needs && bookingId ? bookingId : '', {
    enabled: Boolean(needs && bookingId),
  });
  const targets =
    needs === 'passenger'
      ? (booking.data?.passangerRegistry ?? []).map((slot) => ({
          value: slot.id,
          label: t('incidents.passengerOption', {
            number: slot.number,
            name: slot.name || t('incidents.noName'),
          }),
        }))
      : needs === 'service'
        ? [...(booking.data?.additionalServices ?? []), ...(booking.data?.otherTours ?? [])].map(
            (line) => ({
              value: line.id,
              label: `${line.productName} × ${line.quantity}`,
            }),
          )
        : [];
  const bookingOptions = (bookings.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.name} · ${item.tourName}`,
  }));
  // A reservation given by the route or the query string shows even before the list arrives.
  if (bookingId && !bookingOptions.some((option) => option.value === bookingId)) {
    bookingOptions.unshift({ value: bookingId, label: bookingId });
  }

  const problem = () => t('msg:completeAllFields');
  const submit = () => {
    // Spec §5 incident save: a type other than the free subject must be one of the list's; the
    // free subject needs a subject.
    const known = types.data?.some((type) => type.value === typeId) ?? false;
    if (
      !bookingId ||
      !known ||
      (typeId === IncidentTypeId.freeSubject && !name.trim()) ||
      (needs && !targetId)
    ) {
      showAlert(t('common.error'), problem());
      return;
    }
    const fields = {
      typeId,
      name: typeId === IncidentTypeId.freeSubject ? name.trim() : undefined,
      description,
      targetId: needs ? targetId : null,
    };
    if (editing) {
      update.mutate(
        { id: incident.id, body: { ...fields, statusId, adviserId: null } },
        {
          onSuccess: () =>
            showAlert(t('incidents.updatedTitle'), t('incidents.updatedText'), onDone),
        },
      );
    } else {
      save.mutate(
        { ...fields, name: fields.name ?? '', bookingId, statusId: IncidentStatusId.registered },
        {
          onSuccess: () =>
            showAlert(t('incidents.createdTitle'), t('incidents.createdText'), onDone),
        },
      );
    }
  };

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
          onSuccess: () =>
            showAlert(t('incidents.deletedTitle'), t('incidents.deletedText'), onDone),
        }),
      true,
    );
  const askStatus = () =>
    incident &&
    confirm(
      `${t('incidents.confirmStatus', { name: incident.name })} ${t('incidents.confirmStatusTo', { status: incident.nextStatus ?? '' })}`,
      () =>
        changeStatus.mutate(incident.id, {
          onSuccess: () => showAlert(t('incidents.statusTitle'), t('incidents.statusText'), onDone),
        }),
    );

  return (
    <Stack gap="md">
      {editing && showsAnswer(incident.statusId) && (
        <Alert color="andes" icon={<IconInfoCircle aria-hidden />}>
          {t('incidents.answered')}
        </Alert>
      )}
      <Select
        label={t('incidents.booking')}
        placeholder={t('incidents.chooseBooking')}
        data={bookingOptions}
        value={bookingId || null}
        onChange={(value) => {
          setBookingId(value ?? '');
          setTargetId('');
        }}
        readOnly={editing || preset?.lockBooking}
        required
        searchable
      />
      <Select
        label={t('incidents.type')}
        data={types.data ?? []}
        value={typeId || null}
        onChange={(value) => {
          setTypeId(value ?? '');
          setTargetId('');
        }}
        readOnly={readOnly}
        required
      />
      {typeId === IncidentTypeId.freeSubject && (
        <TextInput
          label={t('incidents.subject')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          readOnly={readOnly}
          required
        />
      )}
      {needs && (
        <Select
          label={needs === 'passenger' ? t('incidents.passenger') : t('incidents.service')}
          placeholder={t('incidents.chooseTarget')}
          data={targets}
          value={targetId || null}
          onChange={(value) => setTargetId(value ?? '')}
          readOnly={readOnly}
          required
        />
      )}
      {editing && (
        <Select
          label={t('incidents.status')}
          data={[
            { value: incident.statusId, label: incident.status },
            ...(incident.nextStatusId && incident.editable
              ? [{ value: incident.nextStatusId, label: incident.nextStatus ?? '' }]
              : []),
          ]}
          value={statusId}
          onChange={(value) => value && setStatusId(value)}
          readOnly={readOnly}
          allowDeselect={false}
        />
      )}
      <Textarea
        label={t('incidents.message')}
        description={t('incidents.messageHint')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        readOnly={readOnly}
      />
      {editing && showsAnswer(incident.statusId) && (
        <>
          <Textarea
            label={t('incidents.observation')}
            value={incident.observation ?? ''}
            readOnly
            autosize
          />
          <Textarea
            label={t('incidents.response')}
            value={incident.response ?? ''}
            readOnly
            autosize
          />
        </>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          {editing && incident.deletable && (
            <Button variant="light" color="red" onClick={askDelete} loading={remove.isPending}>
              {t('incidents.delete')}
            </Button>
          )}
          {editing && incident.nextStatusId && (
            <Button variant="light" onClick={askStatus} loading={changeStatus.isPending}>
              {t('incidents.changeStatus')}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button onClick={submit} loading={save.isPending || update.isPending}>
              {t('incidents.save')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
