import { COMPLAINT_LIMITS, complaintAnswerRequest } from '@cusco/shared';
import {
  Anchor,
  Blockquote,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FactList } from '../../../components/fact-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { downloadComplaintPdf, useAnswerComplaint, useComplaint } from '../api/complaints-api.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useAdminText } from '../i18n.ts';
import { DueBadge } from './complaints-page.tsx';

/** #/admin/complaints/{id} (issue 30): every field of a sheet, its PDF, and its answer (once). */
export function AdminComplaintPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const { id = '' } = useParams();
  const complaint = useComplaint(id);
  const data = complaint.data;
  if (complaint.error) return <ErrorAlert error={complaint.error} />;
  if (!data) return <Loader role="status" aria-label={t('complaints.loading')} />;
  const money =
    data.amount === null ? '—' : `${data.currency ?? ''} ${data.amount.toFixed(2)}`.trim();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.adminComplaints.href()} size="sm">
        {t('complaints.back')}
      </Anchor>
      <PageTitle title={t('complaints.sheetTitle', { number: data.number })}>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void downloadComplaintPdf(data.id, data.number)}
        >
          {t('complaints.pdf')}
        </Button>
      </PageTitle>
      <Group gap="xs">
        <Text size="sm">
          {t('complaints.due')}: {formatDate(data.dueDate, language)}
        </Text>
        <DueBadge item={data} />
      </Group>
      <Card withBorder component="section" aria-labelledby="complaint-consumer">
        <Title order={2} size="h4" id="complaint-consumer" mb="sm">
          {t('complaints.consumer')}
        </Title>
        <FactList
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          facts={[
            [t('complaints.name'), data.consumerName],
            [t('complaints.document'), `${data.documentType} ${data.documentNumber}`],
            [t('complaints.address'), data.address],
            [t('complaints.phone'), data.phone],
            [t('complaints.email'), data.email],
            [t('complaints.guardian'), data.isMinor ? (data.guardianName ?? '—') : '—'],
            [t('complaints.filed'), formatDate(data.filedAt.slice(0, 10), language)],
            [t('complaints.language'), data.language.toUpperCase()],
          ]}
        />
      </Card>
      <Card withBorder component="section" aria-labelledby="complaint-service">
        <Title order={2} size="h4" id="complaint-service" mb="sm">
          {t('complaints.contracted')}
        </Title>
        <FactList
          cols={{ base: 1, sm: 3 }}
          spacing="sm"
          facts={[
            [t('complaints.service'), data.service],
            [t('complaints.bookingCode'), data.bookingCode ?? '—'],
            [t('complaints.amount'), money],
          ]}
        />
      </Card>
      <Card withBorder component="section" aria-labelledby="complaint-detail">
        <Title order={2} size="h4" id="complaint-detail" mb="sm">
          {t(`complaints.kinds.${data.kind}`)}
        </Title>
        <Text fw={600} size="sm">
          {t('complaints.detail')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} mb="sm">
          {data.detail}
        </Text>
        <Text fw={600} size="sm">
          {t('complaints.request')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{data.request}</Text>
      </Card>
      <Card withBorder component="section" aria-labelledby="complaint-answer">
        <Title order={2} size="h4" id="complaint-answer" mb="sm">
          {t('complaints.answerTitle')}
        </Title>
        {data.answer ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('complaints.answeredBy', {
                who: data.answeredBy ?? '—',
                date: formatDate((data.answeredAt ?? '').slice(0, 10), language),
              })}
            </Text>
            <Blockquote style={{ whiteSpace: 'pre-wrap' }} p="sm">
              {data.answer}
            </Blockquote>
          </Stack>
        ) : (
          <AnswerForm id={data.id} number={data.number} />
        )}
      </Card>
    </Stack>
  );
}

function AnswerForm({ id, number }: { id: string; number: string }) {
  const { t } = useAdminText();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answering = useAnswerComplaint();
  const send = () => {
    if (!complaintAnswerRequest.safeParse({ answer }).success) {
      setError(t('complaints.answerRequired'));
      return;
    }
    setError(null);
    modals.openConfirmModal({
      title: t('complaints.confirmTitle', { number }),
      children: <Text size="sm">{t('complaints.confirmText')}</Text>,
      labels: { confirm: t('complaints.confirmSend'), cancel: t('complaints.cancel') },
      onConfirm: () =>
        answering.mutate({ id, answer }, { onError: (failure) => setError(errorMessage(failure)) }),
    });
  };
  return (
    <Stack gap="sm">
      <Textarea
        label={t('complaints.answer')}
        description={t('complaints.answerHint')}
        autosize
        minRows={5}
        maxLength={COMPLAINT_LIMITS.answer}
        value={answer}
        onChange={(event) => setAnswer(event.currentTarget.value)}
        error={error}
        aria-invalid={error ? true : undefined}
      />
      <Group>
        <Button onClick={send} loading={answering.isPending}>
          {t('complaints.sendAnswer')}
        </Button>
      </Group>
    </Stack>
  );
}
