import {
  type ChangePasswordRequest,
  changePasswordRequest,
  type ProfileRequest,
  profileRequest,
  type SessionUser,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconKey, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { showAlert } from '../../../lib/error-modal.tsx';
import { schemaResolver, useFormErrorSummary, useInputProps } from '../../../lib/forms.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useChangePassword, useUpdateProfile } from '../api/update-profile.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </div>
  );
}

/** Spec §2 profile: the account, personal data and password, each read-only until edited. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <>
      <PageTitle title={t('profile.title')} />
      <Stack gap="lg" maw={720}>
        <Card withBorder padding="lg" component="section" aria-labelledby="profile-account">
          <Title order={2} size="h4" id="profile-account" mb="sm">
            {t('profile.account')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Fact label={t('profile.name')} value={user.name} />
            <Fact label={t('profile.lastName')} value={user.lastName} />
            <Fact label={t('profile.email')} value={user.email} />
          </SimpleGrid>
        </Card>
        <PersonalData user={user} />
        <Password />
      </Stack>
    </>
  );
}

function PersonalData({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfile();
  const form = useForm<ProfileRequest>({
    initialValues: { name: user.name, lastname: user.lastName, phone: user.telephone },
    validate: schemaResolver(profileRequest),
  });
  const inputProps = useInputProps(form);
  const summary = useFormErrorSummary();

  const start = () => {
    form.setValues({ name: user.name, lastname: user.lastName, phone: user.telephone });
    form.clearErrors();
    setProblem(null);
    setEditing(true);
  };
  const submit = form.onSubmit(
    (values) =>
      update.mutate(values, {
        onSuccess: () => {
          setEditing(false);
          showAlert(t('profile.updatedTitle'), t('profile.profileUpdated'));
        },
        onError: (error) => setProblem(errorMessage(error)),
      }),
    (errors) => setProblem(summary(errors)),
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-personal">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="profile-personal">
          {t('profile.personal')}
        </Title>
        {!editing && (
          <Button
            variant="light"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={start}
          >
            {t('profile.edit')}
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate aria-labelledby="profile-personal">
          <Stack gap="sm">
            {problem && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {problem}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('profile.name')}
                maxLength={50}
                required
                autoComplete="given-name"
                {...inputProps('name')}
              />
              <TextInput
                label={t('profile.lastName')}
                maxLength={50}
                required
                autoComplete="family-name"
                {...inputProps('lastname')}
              />
              <TextInput
                label={t('profile.telephone')}
                type="tel"
                maxLength={20}
                required
                autoComplete="tel"
                {...inputProps('phone')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Fact label={t('profile.name')} value={user.name} />
          <Fact label={t('profile.lastName')} value={user.lastName} />
          <Fact label={t('profile.telephone')} value={user.telephone} />
        </SimpleGrid>
      )}
    </Card>
  );
}

const emptyPasswords: ChangePasswordRequest = { current: '', password: '', confirm: '' };

function Password() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    name: 'change-password',
    initialValues: emptyPasswords,
    validate: schemaResolver(changePasswordRequest),
  });
  const inputProps = useInputProps(form);
  const summary = useFormErrorSummary();

  const close = () => {
    form.setValues(emptyPasswords);
    form.clearErrors();
    setProblem(null);
    setEditing(false);
  };
  const submit = form.onSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: () => {
          close();
          showAlert(t('profile.updatedTitle'), t('profile.passwordUpdated'));
        },
        onError: (error) => {
          setProblem(errorMessage(error));
          // A wrong current password, or a new one refused (common, the e-mail): under its field.
          if (error instanceof ApiError && error.field && error.field in values) {
            form.setFieldError(error.field, error.message);
            form.getInputNode(error.field)?.focus();
          }
        },
      }),
    (errors) => setProblem(summary(errors)),
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-password">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="profile-password">
          {t('profile.password')}
        </Title>
        {!editing && (
          <Button
            variant="light"
            leftSection={<IconKey size={18} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('profile.changePassword')}
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate aria-labelledby="profile-password">
          <Stack gap="sm" maw={420}>
            {problem && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {problem}
              </Alert>
            )}
            <PasswordInput
              label={t('profile.current')}
              autoComplete="current-password"
              required
              {...inputProps('current')}
            />
            <PasswordInput
              label={t('profile.new')}
              description={t('profile.newHint')}
              autoComplete="new-password"
              required
              {...inputProps('password')}
            />
            <PasswordInput
              label={t('profile.repeat')}
              autoComplete="new-password"
              required
              {...inputProps('confirm')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text>
          <span aria-hidden>{t('profile.hidden')}</span>
          <VisuallyHidden>{t('profile.passwordSet')}</VisuallyHidden>
        </Text>
      )}
    </Card>
  );
}
