import { type StaffMember, staffCreateRequest, staffRoles } from '@cusco/shared';
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
import { type AdminColumn, AdminTable } from '../components/admin-table.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useAdminText } from '../i18n.ts';

/** #/admin/staff (administrators): the agency's agents and administrators, and adding one. */
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
        <ToneBadge color={row.role === 'admin' ? 'grape' : 'teal'}>
          {t(`staff.roles.${row.role}`)}
        </ToneBadge>
      ),
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
      <AddStaffModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function AddStaffModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useAdminText();
  const add = useAddStaff();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '', lastName: '', role: 'agent', password: '' },
    validate: schemaResolver(staffCreateRequest),
  });
  const inputProps = useInputProps(form);
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    add.mutate(values as Parameters<typeof add.mutate>[0], {
      onSuccess: (member) => {
        notifications.show({ color: 'teal', message: t('staff.added', { name: member.name }) });
        close();
      },
    }),
  );
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
