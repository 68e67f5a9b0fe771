import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { useFormProblem } from '../../../components/account/form-problem.tsx';
import { showSuccess } from '../../../lib/error-modal.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import type { SectionForm } from './editable-section.tsx';

interface SectionFormOptions<Values> {
  /** The form's name (Mantine's, which prefixes its fields' data-path). */
  name?: string;
  /** The values the form opens with, each time it opens. */
  values(): Values;
  schema: z.core.$ZodType;
  save: Pick<UseMutationResult<unknown, Error, Values>, 'mutate' | 'isPending'>;
  /** The alert's message once saved. */
  savedMessage: string;
  /** A refusal that names one of the fields is also shown under it, which takes the focus. */
  fieldErrors?: boolean;
}

/**
 * The form of a profile section (EditableSection): opened afresh by Edit, closed by Cancel or
 * by a save, which an alert confirms; a refusal shows above the fields.
 */
export function useSectionForm<Values extends Record<string, unknown>>(
  options: SectionFormOptions<Values>,
) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({
    name: options.name,
    initialValues: options.values(),
    validate: schemaResolver(options.schema),
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);

  const reset = () => {
    form.setValues(options.values());
    form.clearErrors();
    problem.clear();
  };
  const open = () => {
    reset();
    setEditing(true);
  };
  const close = () => {
    reset();
    setEditing(false);
  };
  const submit = form.onSubmit(
    (values) =>
      options.save.mutate(values, {
        onSuccess: () => {
          close();
          showSuccess(t('profile.updatedTitle'), options.savedMessage);
        },
        onError: (error) => problem.refused(error, options.fieldErrors ? values : undefined),
      }),
    problem.invalid,
  );

  const sectionForm: SectionForm = {
    onSubmit: submit,
    onCancel: close,
    problem: problem.text,
    saving: options.save.isPending,
  };
  return { editing, open, inputProps, form: sectionForm };
}
