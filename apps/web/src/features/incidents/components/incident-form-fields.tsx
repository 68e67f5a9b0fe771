import { type Incident, IncidentTypeId, MAX_LENGTH } from '@cusco/shared';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBookingOptions, useTargetOptions } from './use-incident-choices.ts';
import type { IncidentFormState } from './use-incident-form.ts';

/** What each part of the incident form takes: the form's state, and whether it is read-only. */
interface FormPartProps {
  form: IncidentFormState;
  readOnly: boolean;
}

/** What the incident is about: reservation, type, free subject, and the passenger or service. */
export function IncidentSubjectFields({
  form,
  readOnly,
  bookingReadOnly,
}: FormPartProps & { bookingReadOnly: boolean | undefined }) {
  const { t } = useTranslation();
  const { bookingId, typeId, name, targetId } = form.values;
  const bookingOptions = useBookingOptions(bookingId);
  const targets = useTargetOptions(form.needs, bookingId);
  return (
    <>
      <Select
        label={t('incidents.booking')}
        placeholder={t('incidents.chooseBooking')}
        data={bookingOptions}
        value={bookingId || null}
        onChange={form.chooseBooking}
        readOnly={bookingReadOnly}
        required
        searchable
      />
      <Select
        label={t('incidents.type')}
        data={form.types ?? []}
        value={typeId || null}
        onChange={form.chooseType}
        readOnly={readOnly || form.fixed}
        required
      />
      {typeId === IncidentTypeId.freeSubject && (
        <TextInput
          label={t('incidents.subject')}
          value={name}
          onChange={(event) => form.setName(event.currentTarget.value)}
          maxLength={MAX_LENGTH.incidentName}
          readOnly={readOnly}
          required
        />
      )}
      {form.needs && (
        <Select
          label={form.needs === 'passenger' ? t('incidents.passenger') : t('incidents.service')}
          placeholder={t('incidents.chooseTarget')}
          data={targets}
          value={targetId || null}
          onChange={(value) => form.setTargetId(value ?? '')}
          readOnly={readOnly || form.fixed}
          description={form.fixed && !readOnly ? t('incidents.targetFixed') : undefined}
          required
        />
      )}
    </>
  );
}

/** An existing incident's status: the current one, or the next one while it can be edited. */
export function IncidentStatusSelect({
  incident,
  form,
  readOnly,
}: FormPartProps & { incident: Incident }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('incidents.status')}
      data={[
        { value: incident.statusId, label: incident.status },
        ...(incident.nextStatusId && incident.editable
          ? [{ value: incident.nextStatusId, label: incident.nextStatus ?? '' }]
          : []),
      ]}
      value={form.values.statusId}
      onChange={(value) => value && form.setStatusId(value)}
      readOnly={readOnly}
      allowDeselect={false}
    />
  );
}

/** The incident's message. */
export function IncidentMessage({ form, readOnly }: FormPartProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('incidents.message')}
      description={t('incidents.messageHint')}
      value={form.values.description}
      onChange={(event) => form.setDescription(event.currentTarget.value)}
      maxLength={MAX_LENGTH.incidentDescription}
      autosize
      minRows={3}
      readOnly={readOnly}
    />
  );
}

/** The agency's observation and response, once it has answered. */
export function IncidentAnswer({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('incidents.observation')}
        value={incident.observation ?? ''}
        readOnly
        autosize
      />
      <Textarea label={t('incidents.response')} value={incident.response ?? ''} readOnly autosize />
    </>
  );
}
