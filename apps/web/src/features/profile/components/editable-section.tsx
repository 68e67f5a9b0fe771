import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../../components/account/form-problem.tsx';

export interface EditableSectionProps {
  /** The id of the section's title, which names the section and its form. */
  id: string;
  title: string;
  /** The button that opens the form, shown while the section is read-only. */
  edit: { label: string; icon: React.ReactNode };
  /** Whether the form is open, how to open it, and the form's own parts (useSectionForm). */
  section: { editing: boolean; open(): void; form: SectionForm };
  /** What the section shows while read-only. */
  view: React.ReactNode;
  /** The form's greatest width. */
  maw?: number;
  /** The form's fields. */
  children: React.ReactNode;
}

/** The form shown while editing: its fields, problem, Cancel and Save. */
export interface SectionForm {
  onSubmit(event?: React.FormEvent<HTMLFormElement>): void;
  onCancel(): void;
  problem: string | null;
  saving: boolean;
}

/** A profile section (spec §2): read-only until Edit opens its form; Cancel or Save closes it. */
export function EditableSection({
  id,
  title,
  edit,
  section,
  view,
  maw,
  children,
}: EditableSectionProps) {
  const { t } = useTranslation();
  const { form } = section;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {!section.editing && (
          <Button variant="light" leftSection={edit.icon} onClick={section.open}>
            {edit.label}
          </Button>
        )}
      </Group>
      {section.editing ? (
        <form onSubmit={form.onSubmit} noValidate aria-labelledby={id}>
          <Stack gap="sm" maw={maw}>
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
