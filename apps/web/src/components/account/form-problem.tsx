import { Alert } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useFormErrorSummary } from '../../lib/forms.ts';

/**
 * Why a form was refused, above its fields (an alert, announced when it appears). A new
 * `announce` value shows it anew, so that the same refusal twice is announced twice.
 */
export function FormProblem({ problem, announce }: { problem: string | null; announce?: number }) {
  if (!problem) return null;
  return (
    <Alert key={announce} color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {problem}
    </Alert>
  );
}

/**
 * The problem a form shows above its fields: its fields' validation (`invalid`) or the server's
 * refusal (`refused`). `answers` counts the problems shown (see FormProblem's `announce`).
 */
export function useFormProblem<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
) {
  const summary = useFormErrorSummary();
  const [problem, setProblem] = useState<string | null>(null);
  const [answers, setAnswers] = useState(0);
  const show = (text: string | null) => {
    setProblem(text);
    setAnswers((count) => count + 1);
  };
  return {
    text: problem,
    answers,
    clear: () => setProblem(null),
    /** The fields failed validation: a summary (spec §5), each field says its own problem. */
    invalid: (errors: FormErrors) => show(summary(errors)),
    /**
     * The server refused the form. With `values`, a refusal about one of them (a common password,
     * the e-mail as password, a taken e-mail...) is also shown under that field, which takes the
     * focus.
     */
    refused: (error: unknown, values?: Values) => {
      show(errorMessage(error));
      if (values && error instanceof ApiError && error.field && error.field in values) {
        form.setFieldError(error.field, error.message);
        form.getInputNode(error.field)?.focus();
      }
    },
  };
}
