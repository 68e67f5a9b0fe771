import type { CrewMember } from '@cusco/shared';
import { Button, Text } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TwoLines } from '../../../components/data-table.tsx';
import { PageAction } from '../../../components/page-title.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { useCrewRoster } from '../api/crew-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import type { AdminColumn } from '../components/admin-table.tsx';
import { CrewMemberModal } from '../components/crew/crew-member-modal.tsx';
import {
  LicenceStatus,
  RoleBadge,
  useLanguageName,
  useRoleOptions,
} from '../components/crew/crew-parts.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/crew (issue 29): the crew roster, by role, active or not, and a search of names,
 * documents and phones. Administrators add and edit its people; agents read it (they assign its
 * people on a departure's screen).
 */
export function CrewPage() {
  const { t } = useAdminText();
  const admin = useSessionUser()?.role === 'admin';
  const url = useUrlState(['role', 'active', 'search']);
  const roster = useCrewRoster(url.query, url.page);
  const [editing, setEditing] = useState<CrewMember | 'new' | null>(null);
  const columns = useCrewColumns(admin ? setEditing : null);
  return (
    <>
      <ListScreen
        section="crew"
        actions={
          admin && (
            <PageAction icon={IconUserPlus} onClick={() => setEditing('new')}>
              {t('crew.add')}
            </PageAction>
          )
        }
        intro={
          !admin && (
            <Text size="sm" mb="md">
              {t('crew.readOnly')}
            </Text>
          )
        }
        filters={[
          { select: 'role', data: useRoleOptions() },
          {
            select: 'active',
            data: [
              { value: 'true', label: t('crew.statuses.active') },
              { value: 'false', label: t('crew.statuses.inactive') },
            ],
          },
          { search: 'search' },
        ]}
        url={url}
        list={roster}
        columns={columns}
        rowKey={(row) => row.id}
      />
      {admin && <CrewMemberModal member={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** The roster's columns; an Edit button on each row for administrators (`onEdit`). */
function useCrewColumns(onEdit: ((member: CrewMember) => void) | null): AdminColumn<CrewMember>[] {
  const { t } = useAdminText();
  const languageName = useLanguageName();
  const columns: AdminColumn<CrewMember>[] = [
    {
      key: 'name',
      header: t('crew.name'),
      render: (row) => (
        <TwoLines main={`${row.firstName} ${row.lastName}`} sub={row.phone ?? '—'} />
      ),
    },
    { key: 'role', header: t('crew.role'), render: (row) => <RoleBadge role={row.role} /> },
    {
      key: 'document',
      header: t('crew.document'),
      render: (row) => (
        <TwoLines
          main={`${t(`crew.documentTypes.${row.documentType}`)} ${row.documentNumber}`}
          sub={row.country}
        />
      ),
    },
    {
      key: 'languages',
      header: t('crew.languages'),
      render: (row) => row.languages.map(languageName).join(', ') || '—',
    },
    {
      key: 'licence',
      header: t('crew.licence'),
      render: (row) => (
        <LicenceStatus expiry={row.licenceExpiry} number={row.licenceNumber} role={row.role} />
      ),
    },
    {
      key: 'active',
      header: t('crew.active'),
      render: (row) => (
        <ToneBadge color={row.active ? 'teal' : 'gray'}>
          {t(row.active ? 'crew.statuses.active' : 'crew.statuses.inactive')}
        </ToneBadge>
      ),
    },
  ];
  if (onEdit) {
    columns.push({
      key: 'edit',
      header: t('crew.edit'),
      render: (row) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t('crew.editName', { name: `${row.firstName} ${row.lastName}` })}
          onClick={() => onEdit(row)}
        >
          {t('crew.edit')}
        </Button>
      ),
    });
  }
  return columns;
}
