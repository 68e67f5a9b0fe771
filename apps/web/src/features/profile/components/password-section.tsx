import { type ChangePasswordRequest, changePasswordRequest } from '@cusco/shared';
import { Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormProblem } from '../../../components/account/form-problem.tsx';
import { PasswordField } from '../../../components/account/password-field.tsx';
import { showAlert } from '../../../lib/error-modal.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/update-profile.ts';
import { EditableSection } from './editable-section.tsx';

const emptyPasswords: ChangePasswordRequest = { current: '', password: '', confirm: '' };

/** Spec §2 profile: the password, never shown; changed by giving the current one. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    name: 'change-password',
    initialValues: emptyPasswords,
    validate: schemaResolver(changePasswordRequest),
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);

  const close = () => {
    form.setValues(emptyPasswords);
    form.clearErrors();
    problem.clear();
    setEditing(false);
  };
  const submit = form.onSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: () => {
          close();
          showAlert(t('profile.updatedTitle'), t('profile.passwordUpdated'));
        },
        // A wrong current password, or a new one refused (common, the e-mail): under its field.
        onError: (error) => problem.refused(error, values),
      }),
    problem.invalid,
  );

  return (
    <EditableSection
      id="profile-password"
      title={t('profile.password')}
      edit={{
        label: t('profile.changePassword'),
        icon: <IconKey size={18} aria-hidden />,
        onClick: () => setEditing(true),
      }}
      editing={editing}
      view={
        <Text>
          <span aria-hidden>{t('profile.hidden')}</span>
          <VisuallyHidden>{t('profile.passwordSet')}</VisuallyHidden>
        </Text>
      }
      form={{
        onSubmit: submit,
        onCancel: close,
        problem: problem.text,
        saving: change.isPending,
        maw: 420,
      }}
    >
      <PasswordField label={t('profile.current')} {...inputProps('current')} />
      <PasswordField
        isNew
        label={t('profile.new')}
        description={t('profile.newHint')}
        {...inputProps('password')}
      />
      <PasswordField isNew label={t('profile.repeat')} {...inputProps('confirm')} />
    </EditableSection>
  );
}
