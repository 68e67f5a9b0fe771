import {
  addYears,
  CREW_LIMITS,
  type CrewMember,
  type CrewMemberRequest,
  crewDocumentTypes,
  crewMemberRequest,
  crewSexes,
  languageCodes,
  MAX_LENGTH,
  todayInLima,
} from '@cusco/shared';
import { Alert, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { useCountries } from '../../../../lib/countries.ts';
import { useCalendarLabels } from '../../../../lib/dates.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useSaveCrewMember } from '../../api/crew-api.ts';
import { useAdminText } from '../../i18n.ts';
import { FormActions } from '../form-actions.tsx';
import { useLanguageName, useRoleOptions } from './crew-parts.tsx';

/** The form's values: the request's fields, empty texts for none. */
type Values = {
  firstName: string;
  lastName: string;
  role: string;
  documentType: string;
  documentNumber: string;
  countryId: string;
  birthDate: string;
  sex: string | null;
  phone: string;
  languages: string[];
  licenceNumber: string;
  licenceExpiry: string;
  active: boolean;
};

const blank: Values = {
  firstName: '',
  lastName: '',
  role: 'porter',
  documentType: 'dni',
  documentNumber: '',
  countryId: 'PE',
  birthDate: '',
  sex: null,
  phone: '',
  languages: ['es'],
  licenceNumber: '',
  licenceExpiry: '',
  active: true,
};

const valuesOf = (member: CrewMember): Values => ({
  firstName: member.firstName,
  lastName: member.lastName,
  role: member.role,
  documentType: member.documentType,
  documentNumber: member.documentNumber,
  countryId: member.countryId,
  birthDate: member.birthDate,
  sex: member.sex,
  phone: member.phone ?? '',
  languages: member.languages,
  licenceNumber: member.licenceNumber ?? '',
  licenceExpiry: member.licenceExpiry ?? '',
  active: member.active,
});

/**
 * Adds a member to the crew roster, or edits one (administrators): every field of the roster,
 * checked by the shared schema as the API checks it. What a bought permit locks is shown locked,
 * with why; the server refuses it anyway.
 */
export function CrewMemberModal({
  member,
  onClose,
}: {
  /** The member edited, 'new' to add one, or null when closed. */
  member: CrewMember | 'new' | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const editing = member && member !== 'new' ? member : null;
  return (
    <FormModal
      opened={member !== null}
      onClose={onClose}
      size="lg"
      title={
        editing
          ? t('crew.editTitle', { name: `${editing.firstName} ${editing.lastName}` })
          : t('crew.addTitle')
      }
    >
      {member !== null && (
        <CrewMemberForm key={editing?.id ?? 'new'} member={editing} onClose={onClose} />
      )}
    </FormModal>
  );
}

function CrewMemberForm({ member, onClose }: { member: CrewMember | null; onClose(): void }) {
  const { t } = useAdminText();
  const common = useTranslation().t;
  const save = useSaveCrewMember();
  const countries = useCountries();
  const calendarLabels = useCalendarLabels();
  const languageName = useLanguageName();
  const roles = useRoleOptions();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: member ? valuesOf(member) : blank,
    validate: schemaResolver(crewMemberRequest),
  });
  const inputProps = useInputProps(form);
  const locked = (member?.locked.length ?? 0) > 0;
  const today = todayInLima();
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...(member ? { id: member.id } : {}), body: values as CrewMemberRequest },
      {
        onSuccess: (saved) => {
          const name = `${saved.firstName} ${saved.lastName}`;
          notifications.show({
            color: 'teal',
            message: member ? t('crew.saved', { name }) : t('crew.added', { name }),
          });
          onClose();
        },
      },
    ),
  );
  const date = (
    name: 'birthDate' | 'licenceExpiry',
    bounds: { minDate: string; maxDate: string },
    options: { required?: boolean; disabled?: boolean } = {},
  ) => (
    <DateField
      label={t(`crew.${name}`)}
      placeholder={common('common.datePlaceholder')}
      {...bounds}
      defaultLevel={name === 'birthDate' ? 'decade' : 'month'}
      clearable={!options.required}
      clearButtonProps={{ 'aria-label': common('common.clear') }}
      required={options.required}
      disabled={options.disabled}
      {...calendarLabels}
      {...inputProps(name)}
      value={form.values[name] || null}
      onChange={(value) => form.setFieldValue(name, value ?? '')}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {locked && <Alert color="yellow">{t('crew.locked')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('crew.firstName')}
            required
            data-autofocus
            maxLength={CREW_LIMITS.name}
            disabled={locked}
            {...inputProps('firstName')}
          />
          <TextInput
            label={t('crew.lastName')}
            required
            maxLength={CREW_LIMITS.name}
            disabled={locked}
            {...inputProps('lastName')}
          />
          <Select
            label={t('crew.role')}
            data={roles}
            required
            allowDeselect={false}
            {...inputProps('role')}
          />
          <Select
            label={t('crew.nationality')}
            data={countries.data ?? []}
            searchable
            required
            allowDeselect={false}
            disabled={locked}
            {...inputProps('countryId')}
          />
          <Select
            label={t('crew.documentType')}
            data={crewDocumentTypes.map((type) => ({
              value: type,
              label: t(`crew.documentTypes.${type}`),
            }))}
            required
            allowDeselect={false}
            disabled={locked}
            {...inputProps('documentType')}
          />
          <TextInput
            label={t('crew.documentNumber')}
            description={t('crew.documentHint')}
            required
            maxLength={20}
            disabled={locked}
            {...inputProps('documentNumber')}
          />
          {date(
            'birthDate',
            {
              minDate: addYears(today, -CREW_LIMITS.maxAge),
              maxDate: addYears(today, -CREW_LIMITS.minAge),
            },
            { required: true, disabled: locked },
          )}
          <Select
            label={t('crew.sex')}
            placeholder={t('crew.sexes.none')}
            data={crewSexes.map((sex) => ({ value: sex, label: t(`crew.sexes.${sex}`) }))}
            clearable
            clearButtonProps={{ 'aria-label': common('common.clear') }}
            {...inputProps('sex')}
          />
          <TextInput
            label={t('crew.phone')}
            type="tel"
            maxLength={MAX_LENGTH.phone}
            {...inputProps('phone')}
          />
          <MultiSelect
            label={t('crew.languages')}
            description={t('crew.languagesHint')}
            data={languageCodes
              .map((code) => ({ value: code, label: languageName(code) }))
              .sort((a, b) => a.label.localeCompare(b.label))}
            searchable
            maxValues={CREW_LIMITS.languages}
            {...inputProps('languages')}
          />
          <TextInput
            label={t('crew.licenceNumber')}
            description={t('crew.licenceHint')}
            maxLength={CREW_LIMITS.licenceNumber}
            {...inputProps('licenceNumber')}
          />
          {date('licenceExpiry', { minDate: '2000-01-01', maxDate: '2100-12-31' })}
        </SimpleGrid>
        <Switch label={t('crew.activeLabel')} {...inputProps('active', { type: 'checkbox' })} />
        <FormActions
          mutation={save}
          submitLabel={member ? t('crew.save') : t('crew.add')}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
