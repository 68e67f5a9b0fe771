import {
  type AdminIncident,
  IncidentStatusId,
  incidentAnswerRequest,
  incidentTarget,
  MAX_LENGTH,
  type RemovalTarget,
} from '@cusco/shared';
import { Group, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import * as z from 'zod/mini';
import { FormModal } from '../../../components/form-modal.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useAnswerRequest } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { FormActions } from './form-actions.tsx';
import { StaffNotes } from './staff-notes.tsx';

/** Requests the agency can still answer (the shared status machine). */
export function canAnswer(request: AdminIncident): boolean {
  return (
    request.statusId === IncidentStatusId.registered ||
    request.statusId === IncidentStatusId.inProgress
  );
}

/**
 * The answer's form: the response, the observation and, for a removal, the decision, which
 * is never accepted by default (the agent chooses); sent, it closes with a notice.
 */
function useAnswerForm(request: AdminIncident | null, onClose: () => void) {
  const { t } = useAdminText();
  const answer = useAnswerRequest();
  const target = request ? incidentTarget(request.typeId) : null;
  const form = useForm({
    mode: 'controlled',
    initialValues: { response: '', observation: '', decision: '' },
    // The decision is checked on submit: it is asked for a removal only.
    validate: schemaResolver(z.omit(incidentAnswerRequest, { decision: true })),
  });
  const close = () => {
    form.reset();
    answer.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (!request) return;
    if (target && !values.decision) {
      form.setFieldError('decision', t('requests.chooseDecision'));
      return;
    }
    answer.mutate(
      {
        id: request.id,
        body: {
          response: values.response,
          observation: values.observation,
          ...(target ? { decision: values.decision as 'accept' | 'reject' } : {}),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('requests.answered') });
          close();
        },
      },
    );
  });
  return { form, answer, target, close, submit };
}

/** What the customer asked: the subject, who and what kind, what it removes, and their message. */
function RequestAsked({ request }: { request: AdminIncident }) {
  const { t } = useAdminText();
  return (
    <div>
      <Text fw={600}>{request.name}</Text>
      <Text size="sm" c="dimmed">
        {request.customerName} · {request.type}
      </Text>
      {request.target && <RemovedItems target={request.target} />}
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {request.description || t('requests.noDescription')}
      </Text>
    </div>
  );
}

/**
 * Which passenger (by name, or their place not yet named; their type) or which service (and
 * how many) a removal request removes: what staff accept (issue 26).
 */
function RemovedItems({ target }: { target: RemovalTarget }) {
  const { t } = useAdminText();
  const items = target.gone
    ? [t('requests.targetGone')]
    : [
        ...target.passengers.map((passenger) =>
          t(passenger.name ? 'requests.targetPassenger' : 'requests.targetUnnamed', {
            position: passenger.position,
            name: passenger.name,
            type: passenger.customerType,
          }),
        ),
        ...(target.service ? [t('requests.targetService', target.service)] : []),
      ];
  return (
    <div data-testid="removal-target">
      <Text size="sm" fw={600} mt="xs">
        {t('requests.removes')}
      </Text>
      {target.everyPassenger && <Text size="sm">{t('requests.targetEvery')}</Text>}
      <List size="sm">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * Answers a customer's request: the response and the observation the customer will read, and
 * for a request to remove a passenger or a service, whether the agency accepts it (which
 * applies the change, with the cancellation policy's credit).
 */
export function AnswerModal({
  request,
  onClose,
}: {
  request: AdminIncident | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const { form, answer, target, close, submit } = useAnswerForm(request, onClose);
  const inputProps = useInputProps(form);
  return (
    <FormModal
      opened={request !== null}
      onClose={close}
      title={t('requests.answerTitle', { code: request?.bookingCode ?? '' })}
      size="lg"
    >
      {request && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <RequestAsked request={request} />
            {target && (
              <Radio.Group
                label={t(
                  target === 'passenger' ? 'requests.decidePassenger' : 'requests.decideService',
                )}
                description={t('requests.decisionHelp')}
                required
                {...form.getInputProps('decision')}
              >
                <Group mt="xs">
                  <Radio value="accept" label={t('requests.accept')} />
                  <Radio value="reject" label={t('requests.reject')} />
                </Group>
              </Radio.Group>
            )}
            <Textarea
              label={t('requests.response')}
              required
              autosize
              minRows={3}
              maxLength={MAX_LENGTH.incidentDescription}
              data-autofocus
              {...inputProps('response')}
            />
            <Textarea
              label={t('requests.observation')}
              description={t('requests.observationHelp')}
              autosize
              minRows={2}
              maxLength={MAX_LENGTH.incidentDescription}
              {...inputProps('observation')}
            />
            <FormActions mutation={answer} submitLabel={t('requests.send')} onCancel={close} />
          </Stack>
        </form>
      )}
      {/* Outside the answer's form: a note is its own form, and is never sent to the customer. */}
      {request && (
        <Stack mt="lg">
          <StaffNotes subject={{ kind: 'incident', id: request.id }} heading={3} />
        </Stack>
      )}
    </FormModal>
  );
}
