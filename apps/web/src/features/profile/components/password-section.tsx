import { type ChangePasswordRequest, changePasswordForm, setPasswordForm } from '@cusco/shared';
import { Text, VisuallyHidden } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/account/password-field.tsx';
import { useChangePassword, useSetPassword } from '../api/update-profile.ts';
import { EditableSection } from './editable-section.tsx';
import { useSectionForm } from './use-section-form.ts';

/** Spec §2 profile: the password, never shown; changed by giving the current one. */
export function PasswordSection() {
  const { t } = useTranslation();
  const section = useSectionForm<ChangePasswordRequest>({
    name: 'change-password',
    values: () => ({ current: '', password: '', confirm: '' }),
    schema: changePasswordForm,
    save: useChangePassword(),
    savedMessage: t('profile.passwordUpdated'),
    // A wrong current password, or a new one refused (common, the e-mail): under its field.
    fieldErrors: true,
  });
  const { inputProps } = section;

  return (
    <EditableSection
      id="profile-password"
      title={t('profile.password')}
      edit={{ label: t('profile.changePassword'), icon: <IconKey size={18} aria-hidden /> }}
      section={section}
      view={
        <Text>
          <span aria-hidden>{t('profile.hidden')}</span>
          <VisuallyHidden>{t('profile.passwordSet')}</VisuallyHidden>
        </Text>
      }
      maw={420}
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

/**
 * A guest's account has no password (issue 28): it signs in with the links of its e-mails. Its
 * first password is set here without a current one; the session is the proof.
 */
export function SetPasswordSection() {
  const { t } = useTranslation();
  const section = useSectionForm<{ password: string; confirm: string }>({
    name: 'set-password',
    values: () => ({ password: '', confirm: '' }),
    schema: setPasswordForm,
    save: useSetPassword(),
    savedMessage: t('guest.passwordSaved'),
    fieldErrors: true,
  });
  const { inputProps } = section;

  return (
    <EditableSection
      id="profile-password"
      title={t('profile.password')}
      edit={{ label: t('guest.setPassword'), icon: <IconKey size={18} aria-hidden /> }}
      section={section}
      view={<Text>{t('guest.noPassword')}</Text>}
      maw={420}
    >
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
