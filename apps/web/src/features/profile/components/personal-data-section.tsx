import { type ProfileRequest, profileRequest, type SessionUser } from '@cusco/shared';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonalDataFields } from '../../../components/account/personal-data-fields.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EditableSection } from './editable-section.tsx';
import { useSectionForm } from './use-section-form.ts';
import { UserFacts } from './user-facts.tsx';

/** Spec §2 profile: the name, last name and telephone, edited in place. */
export function PersonalDataSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const section = useSectionForm<ProfileRequest>({
    values: () => ({ name: user.name, lastname: user.lastName, phone: user.telephone }),
    schema: profileRequest,
    save: useUpdateProfile(),
    savedMessage: t('profile.profileUpdated'),
  });
  const { inputProps } = section;

  return (
    <EditableSection
      id="profile-personal"
      title={t('profile.personal')}
      edit={{ label: t('profile.edit'), icon: <IconPencil size={18} aria-hidden /> }}
      section={section}
      view={<UserFacts user={user} last="telephone" />}
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
