import {
  type CrewRole,
  type DepartureCrew,
  type DepartureCrewMember,
  licensedRoles,
  todayInLima,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TwoLines } from '../../../../components/data-table.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import {
  useActiveCrew,
  useAssignCrew,
  useDepartureCrew,
  useRemoveCrew,
} from '../../api/crew-api.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable } from '../admin-table.tsx';
import { ErrorAlert } from '../error-alert.tsx';
import { FormActions } from '../form-actions.tsx';
import { ToneBadge } from '../status-badge.tsx';
import { LicenceStatus, RoleBadge, useRoleCounts, useRoleOptions } from './crew-parts.tsx';

/**
 * A departure's crew (issue 29), on its screen: who is assigned and in what role, what the tour's
 * crew rule still misses ("Missing: 1 guide, 3 porters"), and the trail permits held, used by the
 * travellers and the crew, and left. Every member of the staff assigns and removes crew (a
 * removal is confirmed first); what the server refuses is said in the dialog.
 */
export function CrewSection({ tour, date }: { tour: string; date: string }) {
  const { t } = useAdminText();
  const titleId = useId();
  const crew = useDepartureCrew(tour, date);
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<DepartureCrewMember | null>(null);
  const data = crew.data;
  const columns = useCrewColumns(data?.assignable ? setRemoving : null);
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mt="xl" mb="sm" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('crew.section.title')}
        </Title>
        {data?.assignable && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setAssigning(true)}
          >
            {t('crew.section.assign')}
          </Button>
        )}
      </Group>
      {crew.error ? (
        <LoadError error={crew.error} onRetry={() => void crew.refetch()} />
      ) : !data ? (
        <Center py="lg" role="status" aria-label={t('loading')}>
          <Loader />
        </Center>
      ) : (
        <Stack gap="md">
          <CrewSummary crew={data} />
          {!data.assignable && <Alert color="gray">{t('crew.section.notAssignable')}</Alert>}
          <AdminTable
            caption={t('crew.section.caption')}
            columns={columns}
            rows={data.crew}
            rowKey={(row) => row.crewMemberId}
            empty={t('crew.section.empty')}
          />
        </Stack>
      )}
      {data && (
        <AssignModal
          crew={data}
          opened={assigning}
          onClose={() => setAssigning(false)}
          tour={tour}
          date={date}
        />
      )}
      <RemoveModal member={removing} onClose={() => setRemoving(null)} tour={tour} date={date} />
    </section>
  );
}

/** What the rule misses, and the permits: two cards side by side (stacked on a phone). */
function CrewSummary({ crew }: { crew: DepartureCrew }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const counts = useRoleCounts();
  const { rule, permits } = crew;
  const hasRule = rule.guideEvery > 0 || rule.cooks > 0 || rule.portersPerTraveller > 0;
  const number = (value: number) =>
    new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-PE', {
      maximumFractionDigits: 1,
    }).format(value);
  return (
    <>
      <Text size="sm">
        {t('crew.section.dates', {
          from: formatDate(crew.date, language),
          to: formatDate(crew.lastDay, language),
        })}
        {' · '}
        {t('crew.section.travellers', { count: crew.travellers })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md">
          {!hasRule ? (
            <Text>{t('crew.section.noRule')}</Text>
          ) : crew.missing.length > 0 ? (
            <Text fw={700} c="red.9" data-testid="crew-missing">
              {t('crew.section.missing', { list: counts(crew.missing) })}
            </Text>
          ) : (
            <Text fw={700} c="teal.9" data-testid="crew-missing">
              {t('crew.section.ruleMet')}
            </Text>
          )}
          {hasRule && crew.needed.length > 0 && (
            <Text size="sm" mt={4}>
              {t('crew.section.needed', { list: counts(crew.needed), count: crew.travellers })}
            </Text>
          )}
        </Card>
        <Card withBorder padding="md" data-testid="crew-permits">
          <Text fw={700}>{t('crew.section.permits')}</Text>
          {permits.held === null ? (
            <Text size="sm">{t('crew.section.noPermits')}</Text>
          ) : (
            <>
              <Text size="sm">
                {t('crew.section.permitFigures', {
                  held: permits.held,
                  used: number(permits.used),
                  left: number(permits.left ?? 0),
                })}
              </Text>
              <Text size="xs" mt={4}>
                {t('crew.section.permitsHelp', { ratio: number(permits.staffRatio) })}
              </Text>
            </>
          )}
        </Card>
      </SimpleGrid>
    </>
  );
}

/** The assigned crew's columns; a Remove button on each row while the crew can change. */
function useCrewColumns(
  onRemove: ((member: DepartureCrewMember) => void) | null,
): AdminColumn<DepartureCrewMember>[] {
  const { t } = useAdminText();
  const columns: AdminColumn<DepartureCrewMember>[] = [
    {
      key: 'name',
      header: t('crew.name'),
      render: (row) => (
        <TwoLines main={`${row.firstName} ${row.lastName}`} sub={row.phone ?? '—'} />
      ),
    },
    { key: 'role', header: t('crew.role'), render: (row) => <RoleBadge role={row.role} /> },
    {
      key: 'licence',
      header: t('crew.section.licence'),
      render: (row) => <LicenceStatus expiry={row.licenceExpiry} role={row.role} />,
    },
    {
      key: 'bought',
      header: t('crew.section.bought'),
      render: (row) =>
        row.bought ? <ToneBadge color="blue">{t('crew.section.bought')}</ToneBadge> : '—',
    },
  ];
  if (onRemove) {
    columns.push({
      key: 'remove',
      header: t('crew.section.remove'),
      render: (row) => (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconUserMinus size={14} aria-hidden />}
          aria-label={t('crew.section.removeName', { name: `${row.firstName} ${row.lastName}` })}
          onClick={() => onRemove(row)}
        >
          {t('crew.section.remove')}
        </Button>
      ),
    });
  }
  return columns;
}

/**
 * Chooses a person among the active crew (with their role and licence), and their role on this
 * departure (their own unless another is chosen). What the server refuses (another departure on
 * those days, a licence that ends first, no permit left…) is said above the buttons.
 */
function AssignModal({
  crew,
  opened,
  onClose,
  tour,
  date,
}: {
  crew: DepartureCrew;
  opened: boolean;
  onClose(): void;
  tour: string;
  date: string;
}) {
  const { t } = useAdminText();
  const common = useTranslation().t;
  const language = useLanguage();
  const people = useActiveCrew(opened);
  const assign = useAssignCrew(tour, date);
  const roles = useRoleOptions();
  const [memberId, setMemberId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const assigned = new Set(crew.crew.map((member) => member.crewMemberId));
  const today = todayInLima();
  const options = (people.data ?? [])
    .filter((person) => !assigned.has(person.id))
    .map((person) => {
      const values = {
        name: `${person.firstName} ${person.lastName}`,
        role: t(`crew.roles.${person.role}`),
        date: person.licenceExpiry ? formatDate(person.licenceExpiry, language) : '',
      };
      const guides = licensedRoles.includes(person.role);
      const licence = !person.licenceExpiry
        ? 'optionNoLicence'
        : person.licenceExpiry < today
          ? 'optionExpired'
          : 'optionLicence';
      return {
        value: person.id,
        label: t(`crew.section.${guides ? licence : 'option'}`, values),
      };
    });
  const close = () => {
    setMemberId(null);
    setRole(null);
    setMissing(false);
    assign.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!memberId) {
      setMissing(true);
      return;
    }
    const chosen = people.data?.find((person) => person.id === memberId);
    assign.mutate(
      { crewMemberId: memberId, ...(role ? { role: role as CrewRole } : {}) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('crew.section.assigned', {
              name: chosen ? `${chosen.firstName} ${chosen.lastName}` : '',
            }),
          });
          close();
        },
      },
    );
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('crew.section.assignTitle')}
      loading={people.isPending ? t('loading') : undefined}
    >
      <ErrorAlert error={people.error} mb="sm" />
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('crew.section.member')}
            description={t('crew.section.memberHint', {
              date: formatDate(crew.lastDay, language),
            })}
            placeholder={t('crew.section.choose')}
            nothingFoundMessage={t('crew.section.noneFound')}
            data={options}
            searchable
            required
            data-autofocus
            value={memberId}
            onChange={(value) => {
              setMemberId(value);
              setMissing(false);
              assign.reset();
            }}
            error={missing ? t('crew.section.choose') : undefined}
          />
          <Select
            label={t('crew.section.roleOnDeparture')}
            description={t('crew.section.roleHint')}
            data={roles}
            clearable
            clearButtonProps={{ 'aria-label': common('common.clear') }}
            value={role}
            onChange={(value) => {
              setRole(value);
              assign.reset();
            }}
          />
          <FormActions mutation={assign} submitLabel={t('crew.section.assign')} onCancel={close} />
        </Stack>
      </form>
    </FormModal>
  );
}

/** Confirms a removal; what the server refuses (a permit bought in their name) is said. */
function RemoveModal({
  member,
  onClose,
  tour,
  date,
}: {
  member: DepartureCrewMember | null;
  onClose(): void;
  tour: string;
  date: string;
}) {
  const { t } = useAdminText();
  const remove = useRemoveCrew(tour, date);
  // The person stays named while the dialog closes.
  const last = useRef(member);
  if (member) last.current = member;
  const shown = last.current;
  const name = shown ? `${shown.firstName} ${shown.lastName}` : '';
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!member) return;
    remove.mutate(member.crewMemberId, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('crew.section.removed', { name }) });
        close();
      },
    });
  };
  return (
    <FormModal
      opened={member !== null}
      onClose={close}
      title={t('crew.section.removeTitle', { name })}
    >
      <form onSubmit={confirm}>
        <Stack>
          <Text>{t('crew.section.removeText', { name })}</Text>
          <ErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={remove.isPending} data-autofocus>
              {t('crew.section.remove')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
