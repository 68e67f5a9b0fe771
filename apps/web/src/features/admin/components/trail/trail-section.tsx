import type { AdminTrail, Attendance } from '@cusco/shared';
import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useDepartureTrail } from '../../api/trail-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ToneBadge } from '../status-badge.tsx';

type Syncs = AdminTrail['syncs'];

/** "26 Nov 2027, 06:10" in the agency's time (Cusco), whatever the reader's clock. */
function useMoment() {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Lima',
  });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * What the guides did on a departure (issue 32), on its manifest: each traveller's state (checked
 * in, by QR or by name; no-show; not yet) with who did it, when by the phone's clock and when the
 * server had it; the notes; the check-ins and no-shows that came second (the first won); and when
 * each guide's phone last synced. A region named "On the trail", read again with its button.
 */
export function TrailSection({ tour, date }: { tour: string; date: string }) {
  const { t } = useAdminText();
  const titleId = useId();
  const trail = useDepartureTrail(tour, date);
  const data = trail.data;
  return (
    <section aria-labelledby={titleId} data-testid="trail-section">
      <Group justify="space-between" align="center" mt="xl" mb="sm" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('trail.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={trail.isFetching}
          onClick={() => void trail.refetch()}
        >
          {t('trail.refresh')}
        </Button>
      </Group>
      {trail.error ? (
        <LoadError error={trail.error} onRetry={() => void trail.refetch()} />
      ) : !data ? (
        <Center py="lg" role="status" aria-label={t('loading')}>
          <Loader />
        </Center>
      ) : (
        <TrailContent trail={data} />
      )}
    </section>
  );
}

function TrailContent({ trail }: { trail: AdminTrail }) {
  const { t } = useAdminText();
  const checkedIn = trail.travellers.filter((row) => row.attendance?.state === 'checked_in').length;
  const noShows = trail.travellers.filter((row) => row.attendance?.state === 'no_show').length;
  const nothing = checkedIn + noShows === 0 && trail.notes.length === 0;
  return (
    <Stack gap="lg">
      {trail.travellers.length > 0 && (
        <Text fw={700} data-testid="trail-summary">
          {t('trail.summary', { checkedIn, count: trail.travellers.length })}
          {noShows > 0 && `, ${t('trail.noShows', { count: noShows })}`}
        </Text>
      )}
      {nothing ? (
        <Text c="dimmed" role="status" data-testid="trail-empty">
          {t('trail.empty')}
        </Text>
      ) : (
        <>
          <Travellers trail={trail} />
          <Notes trail={trail} />
        </>
      )}
      <Conflicts trail={trail} />
      <LastSyncs syncs={trail.syncs} />
    </Stack>
  );
}

/** Each traveller with their state; a list of cards that stacks on a phone. */
function Travellers({ trail }: { trail: AdminTrail }) {
  const { t } = useAdminText();
  const titleId = useId();
  if (trail.travellers.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {t('trail.travellers')}
      </Title>
      <Stack component="ul" aria-labelledby={titleId} gap="xs" p={0} m={0} style={listStyle}>
        {trail.travellers.map((row) => (
          <Card
            component="li"
            key={row.slotId}
            withBorder
            padding="sm"
            data-testid="trail-traveller"
          >
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{row.name || t('manifest.noData')}</Text>
                {/* A traveller not registered yet is named by the booking's code and number. */}
                {!row.name.startsWith(row.bookingCode) && (
                  <Text size="xs" c="dimmed">
                    {row.bookingCode}
                  </Text>
                )}
              </div>
              <AttendanceBadge attendance={row.attendance} />
            </Group>
            {row.attendance && <Who attendance={row.attendance} />}
          </Card>
        ))}
      </Stack>
    </div>
  );
}

const listStyle = { listStyle: 'none' } as const;

function AttendanceBadge({ attendance }: { attendance: Attendance | null }) {
  const { t } = useAdminText();
  if (!attendance) return <ToneBadge color="gray">{t('trail.state.notYet')}</ToneBadge>;
  if (attendance.state === 'no_show')
    return <ToneBadge color="red">{t('trail.state.noShow')}</ToneBadge>;
  return (
    <ToneBadge color="teal">
      {t(attendance.method === 'qr' ? 'trail.state.byQr' : 'trail.state.byName')}
    </ToneBadge>
  );
}

/** Who did it, when by the phone's clock, and when the server had it. */
function Who({ attendance }: { attendance: { by: string; at: string; receivedAt: string } }) {
  const { t } = useAdminText();
  const moment = useMoment();
  return (
    <Text size="sm" mt={4}>
      {t('trail.who', {
        by: attendance.by,
        at: moment(attendance.at),
        received: moment(attendance.receivedAt),
      })}
    </Text>
  );
}

function Notes({ trail }: { trail: AdminTrail }) {
  const { t } = useAdminText();
  const titleId = useId();
  if (trail.notes.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {t('trail.notes')}
      </Title>
      <Stack component="ul" aria-labelledby={titleId} gap="xs" p={0} m={0} style={listStyle}>
        {trail.notes.map((note) => (
          <Card component="li" key={note.id} withBorder padding="sm" data-testid="trail-note">
            <Text fw={600} size="sm">
              {note.traveller || t('trail.aboutDeparture')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Text>
            <Who attendance={note} />
          </Card>
        ))}
      </Stack>
    </div>
  );
}

/** The check-ins and no-shows that reached the server after another guide's: kept, not applied. */
function Conflicts({ trail }: { trail: AdminTrail }) {
  const { t } = useAdminText();
  const titleId = useId();
  if (trail.conflicts.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h4" id={titleId} mb={4}>
        {t('trail.conflicts')}
      </Title>
      <Text size="sm" mb="xs">
        {t('trail.conflictsHelp')}
      </Text>
      <Stack component="ul" aria-labelledby={titleId} gap="xs" p={0} m={0} style={listStyle}>
        {trail.conflicts.map((conflict) => (
          <Card
            component="li"
            key={conflict.id}
            withBorder
            padding="sm"
            data-testid="trail-conflict"
          >
            <Text fw={600} size="sm">
              {t(`trail.conflict.${conflict.kind === 'no_show' ? 'noShow' : 'checkIn'}`, {
                traveller: conflict.traveller,
              })}
            </Text>
            <Who attendance={conflict} />
          </Card>
        ))}
      </Stack>
    </div>
  );
}

/**
 * "Last sync" per guide's phone (the API keeps one per guide and phone: its last download of the
 * departure or sending of actions), the latest first.
 */
function LastSyncs({ syncs }: { syncs: Syncs }) {
  const { t } = useAdminText();
  const moment = useMoment();
  const titleId = useId();
  const phones = [...syncs].sort((a, b) => Date.parse(b.syncedAt) - Date.parse(a.syncedAt));
  return (
    <div>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {t('trail.lastSync')}
      </Title>
      {phones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('trail.noSync')}
        </Text>
      ) : (
        <Stack component="ul" aria-labelledby={titleId} gap="xs" p={0} m={0} style={listStyle}>
          {phones.map((phone) => (
            <Card
              component="li"
              key={`${phone.guide}/${phone.deviceId}`}
              withBorder
              padding="sm"
              data-testid="trail-sync"
            >
              <Text fw={600} size="sm">
                {phone.guide}
              </Text>
              <Text size="xs" c="dimmed" title={phone.deviceId}>
                {t('trail.device', { device: phone.deviceId.slice(0, 8) })}
              </Text>
              <Text size="sm">
                {t(phone.kind === 'actions' ? 'trail.syncActions' : 'trail.syncDownload', {
                  at: moment(phone.syncedAt),
                })}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </div>
  );
}
