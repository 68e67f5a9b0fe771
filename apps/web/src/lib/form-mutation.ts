import { type UseMutationOptions, useMutation } from '@tanstack/react-query';

/** A mutation whose errors the form that sends it shows itself, not the app's error modal. */
export function useFormMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  options: Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn' | 'meta'> = {},
) {
  return useMutation({ ...options, mutationFn, meta: { inlineErrors: true } });
}
