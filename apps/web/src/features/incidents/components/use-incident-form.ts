import { type Incident, IncidentStatusId, IncidentTypeId, incidentTarget } from '@cusco/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showSuccess } from '../../../lib/error-modal.tsx';
import { useIncidentOptions } from '../../../lib/queries/incident-options.ts';
import { useSaveIncident, useUpdateIncident } from '../api/incidents.ts';

/** What a new incident starts with: the reservation (maybe locked) and the type, when given. */
export interface IncidentPreset {
  bookingId?: string;
  typeId?: string;
  lockBooking: boolean;
}

/**
 * The incident form's values and Save: a new incident is created as registered; an existing one
 * is updated with the chosen status. Changing the reservation or the type clears the target.
 */
export function useIncidentForm(
  incident: Incident | undefined,
  preset: IncidentPreset | undefined,
  onDone: () => void,
) {
  const types = useIncidentOptions('types');
  const [bookingId, setBookingId] = useState(incident?.bookingId ?? preset?.bookingId ?? '');
  const [typeId, setTypeId] = useState(incident?.typeId ?? preset?.typeId ?? '');
  const [name, setName] = useState(
    incident && incident.typeId === IncidentTypeId.freeSubject ? incident.name : '',
  );
  const [targetId, setTargetId] = useState(incident?.targetId ?? '');
  const [description, setDescription] = useState(incident?.description ?? '');
  const [statusId, setStatusId] = useState(incident?.statusId ?? IncidentStatusId.registered);
  const needs = incidentTarget(typeId);
  // A filed removal request's type and target are fixed (the API refuses a change: 409).
  const fixed = incident !== undefined && incidentTarget(incident.typeId) !== null;
  const values = { bookingId, typeId, name, targetId, description, statusId };
  const save = useSubmitIncident(incident, values, types.data, onDone, fixed);

  return {
    values,
    types: types.data,
    needs,
    fixed,
    chooseBooking: (value: string | null) => {
      setBookingId(value ?? '');
      setTargetId('');
    },
    chooseType: (value: string | null) => {
      setTypeId(value ?? '');
      setTargetId('');
    },
    setName,
    setTargetId,
    setDescription,
    setStatusId,
    submit: save.submit,
    saving: save.pending,
  };
}

export type IncidentFormState = ReturnType<typeof useIncidentForm>;

interface IncidentValues {
  bookingId: string;
  typeId: string;
  name: string;
  targetId: string;
  description: string;
  statusId: string;
}

/** Save: checks the fields as spec §5 asks, then creates or updates the incident. */
function useSubmitIncident(
  incident: Incident | undefined,
  { bookingId, typeId, name, targetId, description, statusId }: IncidentValues,
  types: { value: string }[] | undefined,
  onDone: () => void,
  fixed: boolean,
) {
  const { t } = useTranslation();
  const save = useSaveIncident();
  const update = useUpdateIncident();
  const needs = incidentTarget(typeId);
  const problem = () => t('msg:completeAllFields');

  const submit = () => {
    // Spec §5 incident save: a type other than the free subject must be one of the list's; the
    // free subject needs a subject.
    const known = types?.some((type) => type.value === typeId) ?? false;
    if (
      !bookingId ||
      !known ||
      (typeId === IncidentTypeId.freeSubject && !name.trim()) ||
      (needs && !targetId && !fixed)
    ) {
      showAlert(t('common.error'), problem());
      return;
    }
    const fields = {
      typeId,
      name: typeId === IncidentTypeId.freeSubject ? name.trim() : undefined,
      description,
      // A fixed target is not sent again: it stays as filed, even once it left the booking.
      targetId: needs && !fixed ? targetId : null,
    };
    if (incident) {
      update.mutate(
        { id: incident.id, body: { ...fields, statusId, adviserId: null } },
        {
          onSuccess: () => {
            showSuccess(t('incidents.updatedTitle'), t('incidents.updatedText'));
            onDone();
          },
        },
      );
    } else {
      save.mutate(
        { ...fields, name: fields.name ?? '', bookingId, statusId: IncidentStatusId.registered },
        {
          onSuccess: () => {
            showSuccess(t('incidents.createdTitle'), t('incidents.createdText'));
            onDone();
          },
        },
      );
    }
  };

  return { submit, pending: save.isPending || update.isPending };
}
