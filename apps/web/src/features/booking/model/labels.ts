import type { Option } from '@cusco/shared';

/** The label of an option by its value ('' when unknown). */
export function labelOf(options: Option[] | undefined, value: string): string {
  return options?.find((option) => option.value === value)?.label ?? '';
}
