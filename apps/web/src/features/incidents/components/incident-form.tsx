import { type Incident, showsAnswer } from '@cusco/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useIncidentOptions } from '../../../lib/queries/incident-options.ts';
import { useIncident } from '../api/incidents.ts';
import { IncidentActions } from './incident-actions.tsx';
import {
  IncidentAnswer,
  IncidentMessage,
  IncidentStatusSelect,
  IncidentSubjectFields,
} from './incident-form-fields.tsx';
import { type IncidentPreset, useIncidentForm } from './use-incident-form.ts';

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
  const existing = useIncident(target?.kind === 'edit' ? target.id : null);
  // A request opened again is read again (its cached copy may be stale: changed since, or
  // answered): the form waits for it, so that nobody acts on the old copy, and is never
  // replaced under a confirmation the customer is answering (its success would go unsaid).
  const reading = target?.kind === 'edit' && (existing.isPending || existing.isFetching);
  // The kinds of request come before the form too: Save checks the type against them, and the
  // type field names the chosen one. Saved before they came, a filled form was refused with
  // "complete all fields" (a browser test on a busy machine).
  const types = useIncidentOptions('types', { enabled: target !== null });
  const waiting = reading || types.isPending;
  const title =
    target?.kind === 'edit'
      ? t('incidents.formEdit', { name: existing.data?.name ?? '' })
      : t('incidents.formNew');

  return (
    <FormModal
      opened={target !== null}
      onClose={onCancel}
      title={title}
      size="lg"
      loading={target !== null && waiting ? t('common.loading') : undefined}
    >
      {target?.kind === 'new' && !waiting && (
        <IncidentForm preset={target} onDone={onDone} onCancel={onCancel} />
      )}
      {target?.kind === 'edit' && existing.data && !waiting && (
        <IncidentForm
          key={existing.dataUpdatedAt}
          incident={existing.data}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </FormModal>
  );
}

/** The incident form: its fields, the agency's answer when given, and its buttons. */
function IncidentForm({
  incident,
  preset,
  onDone,
  onCancel,
}: {
  incident?: Incident;
  preset?: IncidentPreset;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const form = useIncidentForm(incident, preset, onDone);
  const editing = incident !== undefined;
  const readOnly = editing && !incident.editable;

  return (
    <Stack gap="md">
      {editing && showsAnswer(incident.statusId) && (
        <Alert color="andes" icon={<IconInfoCircle aria-hidden />}>
          {incident.adviserName
            ? t('incidents.answeredBy', { name: incident.adviserName })
            : t('incidents.answered')}
        </Alert>
      )}
      <IncidentSubjectFields
        form={form}
        readOnly={readOnly}
        bookingReadOnly={editing || preset?.lockBooking}
      />
      {editing && <IncidentStatusSelect incident={incident} form={form} readOnly={readOnly} />}
      <IncidentMessage form={form} readOnly={readOnly} />
      {editing && showsAnswer(incident.statusId) && <IncidentAnswer incident={incident} />}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <IncidentActions incident={incident} onDone={onDone} />
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button onClick={form.submit} loading={form.saving}>
              {t('incidents.save')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
