import { Button, Group } from '@mantine/core';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/**
 * The end of a back-office form: what the server refused, if it did, then Cancel and the
 * submit button, which spins while the change is being saved.
 */
export function FormActions({
  mutation,
  submitLabel,
  onCancel,
}: {
  mutation: { error: unknown; isPending: boolean };
  submitLabel: string;
  onCancel(): void;
}) {
  const { t } = useAdminText();
  return (
    <>
      <ErrorAlert error={mutation.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
