import type { AdminTourEditor } from '@cusco/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Fieldset,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';
import type * as z from 'zod/mini';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { type TourSection, useSaveTourSection } from '../../api/catalogue-api.ts';
import { useAdminText } from '../../i18n.ts';

/** What every section of the editor knows: the tour, whether the reader may save, and reloading. */
export interface EditorContextValue {
  tour: AdminTourEditor;
  /** An administrator: saves, adds and removes; an agent only reads. */
  canEdit: boolean;
  /** Reads the tour again and starts every section over from it (after a 409). */
  reload(): void;
}

const EditorContext = createContext<EditorContextValue | null>(null);
export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the tour editor');
  return value;
}

/**
 * A section's form: its values start from the tour, are validated by the shared request schema
 * (without the revision, which the save adds), and are saved by the section's own call. On
 * success the form starts over from the answer; the server's refusals land on their fields (a
 * 400's issues, a 422's field) or, when they concern no field (403, 409), above the button.
 */
export function useSectionForm<Values extends Record<string, unknown>>({
  section,
  schema,
  from,
  toBody = (values) => values,
}: {
  section: TourSection;
  schema: z.core.$ZodType;
  from(tour: AdminTourEditor): Values;
  toBody?(values: Values): object;
}) {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const save = useSaveTourSection(tour.code);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: from(tour),
    validate: schemaResolver(schema),
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { section, body: toBody(values) },
      {
        onSuccess: (saved) => {
          const next = from(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notifications.show({ color: 'teal', message: t('editor.saved') });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.body) return;
          const issues = error.body.issues ?? [];
          if (issues.length > 0) {
            form.setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
          } else if (error.body.field) {
            form.setFieldError(error.body.field, error.body.message);
          }
        },
      },
    );
  });
  const field = useFieldProps(form);
  const fieldError =
    save.error instanceof ApiError &&
    save.error.body &&
    ((save.error.body.issues ?? []).length > 0 || save.error.body.field);
  return {
    form,
    /** A field's props (useFieldProps). */
    field,
    submit,
    saving: save.isPending,
    /** The refusal to show above the button, when it concerns no field. */
    error: save.error && !fieldError ? save.error : null,
    /** The form still holds edits it has not saved. */
    dirty: form.isDirty(),
  };
}

/**
 * The cards of the editor: a card a section, but the names' card for the texts and none for
 * `active`. Each one's heading and button read `editor.<id>.title` and `.save`.
 */
export type EditorSectionId = Exclude<TourSection, 'texts' | 'active'> | 'names';

/** A card of the editor: a heading, its form, and (for administrators) its own save button. */
export function EditorSection({
  id,
  description,
  section,
  labels,
  children,
}: {
  id: EditorSectionId;
  description?: ReactNode;
  /** The heading and the button's words, when they are not `editor.<id>.title` and `.save`. */
  labels?: { title: string; save: string };
  /** The section's form (useSectionForm): what submits it, and how its last save went. */
  section: Pick<ReturnType<typeof useSectionForm>, 'submit' | 'saving' | 'error'>;
  children: ReactNode;
}) {
  const { t } = useAdminText();
  const { canEdit, reload } = useEditor();
  const { submit, saving, error } = section;
  const stale = error instanceof ApiError && error.status === 409;
  return (
    <Card withBorder component="section" id={id} aria-labelledby={`${id}-title`} padding="md">
      <Title order={2} size="h4" id={`${id}-title`}>
        {labels?.title ?? t(`editor.${id}.title`)}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack mt="md" gap="md">
          {children}
          {error ? (
            <Alert color="red" role="alert">
              <Text size="sm">{errorMessage(error)}</Text>
              {stale && (
                <Button mt="xs" variant="light" color="red" onClick={reload}>
                  {t('editor.reload')}
                </Button>
              )}
            </Alert>
          ) : null}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                {labels?.save ?? t(`editor.${id}.save`)}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The props of a number input that takes a whole number from `min` to `max`. */
export function wholeNumberProps(min: number, max: number) {
  return { min, max, allowDecimal: false, allowNegative: false };
}

/** Removes a row of a list (administrators only), named for screen readers. */
export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  const { canEdit } = useEditor();
  if (!canEdit) return null;
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Adds a row to a list (administrators only); disabled when the list is full. */
export function AddButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
}) {
  const { canEdit } = useEditor();
  if (!canEdit) return null;
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onClick}
        disabled={disabled}
        size="sm"
      >
        {label}
      </Button>
    </Group>
  );
}

/**
 * One row of a list: its fields and, for administrators, the button that removes it; in a
 * fieldset of its own when it has a legend.
 */
function ListRow({
  legend,
  removeLabel,
  onRemove,
  children,
}: {
  legend?: string;
  removeLabel: string;
  onRemove(): void;
  children: ReactNode;
}) {
  const row = (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      {children}
      <RemoveButton label={removeLabel} onClick={onRemove} />
    </Group>
  );
  if (legend === undefined) return row;
  return (
    <Fieldset legend={legend} variant="filled">
      {row}
    </Fieldset>
  );
}

/**
 * A list of the form's rows: a note when it has none, each row (a ListRow, numbered from 1 in its
 * legend and in its remove button's name), then the button that adds one.
 */
export function EditorList<Item>({
  items,
  empty,
  rowKey,
  legend,
  removeLabel,
  onRemove,
  addLabel,
  onAdd,
  addDisabled,
  children,
}: {
  items: Item[];
  /** Said when the list has no row. */
  empty: string;
  /** The row's key; by default its place (the form keys rows without an id by place). */
  rowKey?(item: Item, index: number): string;
  /** The legend of the row numbered `number`; none, no fieldset. */
  legend?(number: number): string;
  removeLabel(number: number): string;
  onRemove(index: number): void;
  addLabel: string;
  onAdd(): void;
  /** The list is full: the add button is disabled. */
  addDisabled?: boolean;
  /** The row's fields. */
  children(item: Item, index: number): ReactNode;
}) {
  return (
    <>
      {items.length === 0 && <Text size="sm">{empty}</Text>}
      {items.map((item, index) => (
        <ListRow
          key={rowKey ? rowKey(item, index) : index}
          legend={legend?.(index + 1)}
          removeLabel={removeLabel(index + 1)}
          onRemove={() => onRemove(index)}
        >
          {children(item, index)}
        </ListRow>
      ))}
      <AddButton label={addLabel} onClick={onAdd} disabled={addDisabled} />
    </>
  );
}

/**
 * A field's props: its value, its translated error, and read-only for an agent. The path is
 * any of the form's (list items included: `itinerary.2.day`).
 */
function useFieldProps<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) {
  const { canEdit } = useEditor();
  const inputProps = useInputProps(form);
  return (path: string) => ({
    ...inputProps(path as keyof Values & string),
    readOnly: !canEdit,
  });
}

/** A field's props, as useFieldProps gives them. */
type FieldProps = (path: string) => ReturnType<ReturnType<typeof useFieldProps>>;

/**
 * A text in English and in Spanish: the inputs of the form's `<path>En` and `<path>Es`, labelled
 * by the texts `<labelKey>En` and `<labelKey>Es`, in that order (the caller lays them out).
 * Multiline texts grow with what is typed.
 */
export function LangTextFields({
  field,
  path,
  labelKey,
  maxLength,
  required,
  multiline,
}: {
  field: FieldProps;
  path: string;
  labelKey: string;
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
}) {
  const { t } = useAdminText();
  const input = (language: 'En' | 'Es') => {
    const props = {
      label: t(`${labelKey}${language}`),
      required,
      maxLength,
      ...field(`${path}${language}`),
    };
    return multiline ? <Textarea autosize minRows={1} {...props} /> : <TextInput {...props} />;
  };
  return (
    <>
      {input('En')}
      {input('Es')}
    </>
  );
}
