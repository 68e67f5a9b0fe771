import { type ProfileRequest, profileRequest, type SessionUser } from '@cusco/shared';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormProblem } from '../../../components/account/form-problem.tsx';
import { PersonalDataFields } from '../../../components/account/personal-data-fields.tsx';
import { showAlert } from '../../../lib/error-modal.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EditableSection } from './editable-section.tsx';
import { FactList } from './fact-list.tsx';

const profileOf = (user: SessionUser): ProfileRequest => ({
  name: user.name,
  lastname: user.lastName,
  phone: user.telephone,
});

/** Spec §2 profile: the name, last name and telephone, edited in place. */
export function PersonalDataSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileRequest>({
    initialValues: profileOf(user),
    validate: schemaResolver(profileRequest),
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);

  const start = () => {
    form.setValues(profileOf(user));
    form.clearErrors();
    problem.clear();
    setEditing(true);
  };
  const submit = form.onSubmit(
    (values) =>
      update.mutate(values, {
        onSuccess: () => {
          setEditing(false);
          showAlert(t('profile.updatedTitle'), t('profile.profileUpdated'));
        },
        onError: (error) => problem.refused(error),
      }),
    problem.invalid,
  );

  return (
    <EditableSection
      id="profile-personal"
      title={t('profile.personal')}
      edit={{
        label: t('profile.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: start,
      }}
      editing={editing}
      view={
        <FactList
          facts={[
            [t('profile.name'), user.name],
            [t('profile.lastName'), user.lastName],
            [t('profile.telephone'), user.telephone],
          ]}
        />
      }
      form={{
        onSubmit: submit,
        onCancel: () => setEditing(false),
        problem: problem.text,
        saving: update.isPending,
      }}
    >
      <PersonalDataFields
        cols={{ base: 1, sm: 2 }}
        name={{ label: t('profile.name'), ...inputProps('name') }}
        lastName={{ label: t('profile.lastName'), ...inputProps('lastname') }}
        phone={{ label: t('profile.telephone'), ...inputProps('phone') }}
      />
    </EditableSection>
  );
}
