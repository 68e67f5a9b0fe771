import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../../components/account/form-problem.tsx';

export interface EditableSectionProps {
  /** The id of the section's title, which names the section and its form. */
  id: string;
  title: string;
  /** The button that opens the form, shown while the section is read-only. */
  edit: { label: string; icon: React.ReactNode; onClick(): void };
  editing: boolean;
  /** What the section shows while read-only. */
  view: React.ReactNode;
  /** The form shown while editing: its fields (children), problem, Cancel and Save. */
  form: {
    onSubmit(event?: React.FormEvent<HTMLFormElement>): void;
    onCancel(): void;
    problem: string | null;
    saving: boolean;
    maw?: number;
  };
  children: React.ReactNode;
}

/** A profile section (spec §2): read-only until Edit opens its form; Cancel or Save closes it. */
export function EditableSection({
  id,
  title,
  edit,
  editing,
  view,
  form,
  children,
}: EditableSectionProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {!editing && (
          <Button variant="light" leftSection={edit.icon} onClick={edit.onClick}>
            {edit.label}
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={form.onSubmit} noValidate aria-labelledby={id}>
          <Stack gap="sm" maw={form.maw}>
            <FormProblem problem={form.problem} />
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={form.onCancel}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={form.saving}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        view
      )}
    </Card>
  );
}
