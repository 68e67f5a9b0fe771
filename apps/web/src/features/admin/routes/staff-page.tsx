import {
  licensedRoles,
  type StaffCreateRequest,
  type StaffMember,
  type StaffRole,
  staffCreateRequest,
  staffRoles,
} from '@cusco/shared';
import { Alert, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TwoLines } from '../../../components/data-table.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { PageAction, PageTitle } from '../../../components/page-title.tsx';
import { formatDate } from '../../../lib/format.ts';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useAddStaff, useStaff } from '../api/admin-api.ts';
import { useActiveCrew } from '../api/crew-api.ts';
import { type AdminColumn, AdminTable } from '../components/admin-table.tsx';
import { BackupStatusCard } from '../components/backup-status.tsx';
import { ErrorAlert } from '../components/error-alert.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useAdminText } from '../i18n.ts';

const roleColors: Record<StaffRole, string> = { admin: 'grape', agent: 'teal', guide: 'blue' };

/**
 * #/admin/staff (administrators): the agency's agents, administrators and guides (each guide the
 * account of a person of the crew roster, issue 32), and adding one; below, the server's backups
 * (issue 34).
 */
export function StaffPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const user = useSessionUser();
  const admin = user?.role === 'admin';
  const staff = useStaff(admin);
  const [adding, setAdding] = useState(false);
  const columns: AdminColumn<StaffMember>[] = [
    {
      key: 'name',
      header: t('staff.name'),
      render: (row) => <TwoLines main={`${row.name} ${row.lastName}`} sub={row.email} />,
    },
    {
      key: 'role',
      header: t('staff.role'),
      render: (row) => (
        <ToneBadge color={roleColors[row.role]}>{t(`staff.roles.${row.role}`)}</ToneBadge>
      ),
    },
    {
      key: 'crewMember',
      header: t('staff.crewMember'),
      render: (row) => row.crewMemberName ?? '—',
    },
    {
      key: 'since',
      header: t('staff.since'),
      render: (row) => formatDate(row.createdAt.slice(0, 10), language),
    },
  ];
  if (!admin) return <Alert color="yellow">{t('staff.adminOnly')}</Alert>;
  return (
    <>
      <PageTitle title={t('staff.title')}>
        <PageAction icon={IconUserPlus} onClick={() => setAdding(true)}>
          {t('staff.add')}
        </PageAction>
      </PageTitle>
      <AdminTable
        caption={t('staff.title')}
        columns={columns}
        rows={staff.data}
        rowKey={(row) => row.id}
        query={staff}
        empty={t('staff.empty')}
      />
      <AddStaffModal
        opened={adding}
        onClose={() => setAdding(false)}
        withAccount={
          new Set(staff.data?.flatMap((row) => (row.crewMemberId ? [row.crewMemberId] : [])))
        }
      />
      <BackupStatusCard />
    </>
  );
}

type StaffValues = {
  email: string;
  name: string;
  lastName: string;
  role: StaffRole;
  password: string;
  crewMemberId: string | null;
};

/** What is sent: the crew member only with a guide's account (the API refuses it otherwise). */
function requestOf({ crewMemberId, ...values }: StaffValues): StaffCreateRequest {
  return values.role === 'guide' && crewMemberId ? { ...values, crewMemberId } : values;
}

const validateStaff = schemaResolver(staffCreateRequest);

/**
 * Adds a member of the staff. A guide's account also names the person of the crew roster it is
 * (required; an active guide or assistant guide without an account yet), whose names fill the
 * empty name fields.
 */
function AddStaffModal({
  opened,
  onClose,
  withAccount,
}: {
  opened: boolean;
  onClose(): void;
  /** The crew members that already have an account. */
  withAccount: Set<string>;
}) {
  const { t } = useAdminText();
  const add = useAddStaff();
  const form = useForm<StaffValues>({
    mode: 'controlled',
    initialValues: {
      email: '',
      name: '',
      lastName: '',
      role: 'agent',
      password: '',
      crewMemberId: null,
    },
    validate: (values) => {
      const errors = validateStaff(requestOf(values));
      if (values.role === 'guide' && !values.crewMemberId)
        errors.crewMemberId = t('staff.chooseCrew');
      return errors;
    },
  });
  const inputProps = useInputProps(form);
  const guide = form.values.role === 'guide';
  const crew = useActiveCrew(opened && guide);
  // Guides and assistant guides only: the guide's app carries the travellers' medical notes.
  const crewOptions = (crew.data ?? [])
    .filter((person) => licensedRoles.includes(person.role))
    .map((person) => {
      const values = {
        name: `${person.firstName} ${person.lastName}`,
        role: t(`crew.roles.${person.role}`),
      };
      const taken = withAccount.has(person.id);
      return {
        value: person.id,
        label: t(taken ? 'staff.crewHasAccount' : 'staff.crewOption', values),
        disabled: taken,
      };
    });
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    add.mutate(requestOf(values), {
      onSuccess: (member) => {
        notifications.show({ color: 'teal', message: t('staff.added', { name: member.name }) });
        close();
      },
    }),
  );
  const chooseCrew = (id: string | null) => {
    form.setFieldValue('crewMemberId', id);
    add.reset();
    const person = crew.data?.find((member) => member.id === id);
    if (person && !form.values.name && !form.values.lastName) {
      form.setFieldValue('name', person.firstName);
      form.setFieldValue('lastName', person.lastName);
    }
  };
  return (
    <FormModal opened={opened} onClose={close} title={t('staff.addTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('staff.email')}
            type="email"
            required
            data-autofocus
            {...inputProps('email')}
          />
          <TextInput label={t('staff.name')} required {...inputProps('name')} />
          <TextInput label={t('staff.lastName')} required {...inputProps('lastName')} />
          <Select
            label={t('staff.role')}
            data={staffRoles.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
            allowDeselect={false}
            {...inputProps('role')}
          />
          {guide && (
            <>
              <ErrorAlert error={crew.error} />
              <Select
                label={t('staff.crewMember')}
                description={t('staff.crewMemberHint')}
                placeholder={t('staff.chooseCrew')}
                nothingFoundMessage={t('staff.crewNoneFound')}
                data={crewOptions}
                searchable
                required
                disabled={crew.isPending}
                {...inputProps('crewMemberId')}
                onChange={chooseCrew}
              />
            </>
          )}
          <PasswordInput
            label={t('staff.password')}
            description={t('staff.passwordHint')}
            required
            autoComplete="new-password"
            {...inputProps('password')}
          />
          <FormActions mutation={add} submitLabel={t('staff.add')} onCancel={close} />
        </Stack>
      </form>
    </FormModal>
  );
}
