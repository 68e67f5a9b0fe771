import {
  RESELLER_RATE_DEFAULT,
  RESELLER_RATE_MAX,
  type Reseller,
  type ResellerKey,
  type ResellerKeyCreated,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormModal } from '../../../../components/form-modal.tsx';
import { useInputProps } from '../../../../lib/forms.ts';
import { randomId } from '../../../../lib/ids.ts';
import { useCreateResellerKey } from '../../api/resellers/create-key.ts';
import { useRevokeResellerKey } from '../../api/resellers/revoke-key.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { FormActions } from '../form-actions.tsx';

/** Where a reseller's system sends its OCTO calls: this site's /octo. */
export const octoBaseUrl = () => `${window.location.origin}/octo`;

/** "New key": its label, the company's user it books for, its rate; made with one Idempotency-Key. */
export function NewKeyModal({
  company,
  opened,
  onClose,
  onCreated,
}: {
  company: Reseller;
  opened: boolean;
  onClose(): void;
  onCreated(key: ResellerKeyCreated): void;
}) {
  const { t } = useAdminText();
  const create = useCreateResellerKey();
  // One Idempotency-Key per dialog: a double submit makes one key.
  const [idempotencyKey, setIdempotencyKey] = useState(randomId);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      label: '',
      userId: company.users.length === 1 ? (company.users[0]?.id ?? '') : '',
      ratePerMinute: RESELLER_RATE_DEFAULT as number | string,
    },
    validate: {
      label: (value) => (value.trim() ? null : 'required'),
      userId: (value) => (value ? null : 'required'),
      ratePerMinute: (value) =>
        value === '' ||
        (typeof value === 'number' &&
          Number.isInteger(value) &&
          value >= 1 &&
          value <= RESELLER_RATE_MAX)
          ? null
          : t('resellers.rateHint', { max: RESELLER_RATE_MAX }),
    },
  });
  const inputProps = useInputProps(form);
  const close = () => {
    form.reset();
    create.reset();
    setIdempotencyKey(randomId());
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const rate = typeof values.ratePerMinute === 'number' ? values.ratePerMinute : undefined;
    create.mutate(
      {
        companyId: company.id,
        key: idempotencyKey,
        body: {
          label: values.label,
          userId: values.userId,
          ...(rate === undefined ? {} : { ratePerMinute: rate }),
        },
      },
      {
        onSuccess: (key) => {
          form.reset();
          create.reset();
          setIdempotencyKey(randomId());
          onCreated(key);
        },
      },
    );
  });
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('resellers.newKeyTitle', { company: company.name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('resellers.keys.label')}
            description={t('resellers.labelHint')}
            required
            data-autofocus
            maxLength={100}
            {...inputProps('label')}
          />
          <Select
            label={t('resellers.keys.user')}
            description={t('resellers.userHint')}
            required
            data={company.users.map((user) => ({
              value: user.id,
              label: `${user.name} (${user.email})`,
            }))}
            allowDeselect={false}
            {...inputProps('userId')}
          />
          <NumberInput
            label={t('resellers.rateLabel')}
            description={t('resellers.rateHint', { max: RESELLER_RATE_MAX })}
            min={1}
            max={RESELLER_RATE_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...inputProps('ratePerMinute')}
          />
          <FormActions mutation={create} submitLabel={t('resellers.create')} onCancel={close} />
        </Stack>
      </form>
    </FormModal>
  );
}

/** A value with its Copy button, which says when it has copied. */
function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const { t } = useAdminText();
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'monospace' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Group>
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              size="xs"
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
            >
              {copyLabel}
            </Button>
            <Text size="sm" c="teal.9" role="status" aria-live="polite">
              {copied ? t('resellers.copied') : ''}
            </Text>
          </Group>
        )}
      </CopyButton>
    </Stack>
  );
}

/** The new key, shown this once with a warning, the OCTO base URL and where the docs are. */
export function KeyShownModal({
  created,
  onClose,
}: {
  created: ResellerKeyCreated | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  // The key stays on screen while the dialog closes, then is forgotten with it.
  const last = useRef(created);
  if (created) last.current = created;
  const shown = last.current;
  return (
    <FormModal
      opened={created !== null}
      onClose={() => {
        last.current = null;
        onClose();
      }}
      title={t('resellers.shownTitle', { label: shown?.label ?? '' })}
    >
      {shown && (
        <Stack>
          <Alert
            color="orange"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('resellers.onceTitle')}
            c="dark.7"
          >
            {t('resellers.onceText')}
          </Alert>
          <CopyField
            label={t('resellers.apiKey')}
            value={shown.key}
            copyLabel={t('resellers.copyKey')}
          />
          <CopyField
            label={t('resellers.baseUrl')}
            value={octoBaseUrl()}
            copyLabel={t('resellers.copyUrl')}
          />
          <Text size="sm">
            {t('resellers.docs')} <Code>docs/octo.md</Code>
          </Text>
          <Text size="sm" c="dimmed">
            {t('resellers.bearerHint')}
          </Text>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                last.current = null;
                onClose();
              }}
            >
              {t('resellers.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}

/** Confirms a revocation, naming the key; what the server refuses is said in the dialog. */
export function RevokeKeyModal({
  company,
  target,
  onClose,
}: {
  company: Reseller;
  target: ResellerKey | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const revoke = useRevokeResellerKey();
  const last = useRef(target);
  if (target) last.current = target;
  const shown = last.current;
  const names = { label: shown?.label ?? '', prefix: shown?.prefix ?? '' };
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    revoke.mutate(
      { companyId: company.id, keyId: target.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('resellers.revoked', names) });
          close();
        },
      },
    );
  };
  return (
    <FormModal opened={target !== null} onClose={close} title={t('resellers.revokeTitle', names)}>
      <form onSubmit={confirm}>
        <Stack>
          <Text>{t('resellers.revokeText', { ...names, company: company.name })}</Text>
          <ErrorAlert error={revoke.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending}>
              {t('resellers.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
