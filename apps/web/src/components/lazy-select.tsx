import { ComboboxChevron, type SelectProps, TextInput } from '@mantine/core';
import { lazy, type RefObject, Suspense, useLayoutEffect, useRef } from 'react';

// Mantine's Select (Combobox, Popover, ScrollArea, Floating UI) loads when a select is first
// drawn, not with the first screen (ADR 0053): the booking page's hotel block, the sign-up form.
const MantineSelect = lazy(() =>
  import('./select-input.tsx').then((module) => ({ default: module.SelectInput })),
);

/** What the stand-in was given before the Select arrived, for the Select to take over. */
export interface StandIn {
  /** It had the focus (a tap, or a form that points at a missing choice). */
  focused: boolean;
  /** It was clicked: the Select opens its options when it arrives. */
  clicked: boolean;
}

/**
 * Mantine's Select, loaded on demand. Until its code is there, the same field, read-only, in the
 * same place and size, showing the chosen option's label; focused, it hands the focus to the
 * Select when that arrives, and clicked, the Select arrives with its options open (a click on
 * the stand-in was lost before: a browser test caught it on a busy machine).
 */
export function Select(props: SelectProps) {
  const standIn = useRef<StandIn>({ focused: false, clicked: false });
  return (
    <Suspense fallback={<SelectPlaceholder {...props} standIn={standIn} />}>
      <MantineSelect {...props} standIn={standIn} />
    </Suspense>
  );
}

/** The label of `value` among `data` (plain values, options or groups of options). */
function labelOf(data: readonly unknown[] | undefined, value: string | null | undefined): string {
  if (value == null) return '';
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item && typeof item === 'object') {
      if ('items' in item && Array.isArray(item.items)) {
        const found = labelOf(item.items, value);
        if (found) return found;
      } else if ('value' in item && item.value === value)
        return 'label' in item && typeof item.label === 'string' ? item.label : value;
    }
  }
  return '';
}

function SelectPlaceholder({ standIn, ...props }: SelectProps & { standIn: RefObject<StandIn> }) {
  const input = useRef<HTMLInputElement>(null);
  // Read as it is taken away (before its input leaves the page), for the Select that replaces it.
  useLayoutEffect(() => {
    const element = input.current;
    return () => {
      standIn.current.focused = element !== null && element === document.activeElement;
    };
  }, [standIn]);
  return (
    <TextInput
      ref={input}
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required}
      withAsterisk={props.withAsterisk}
      error={props.error}
      errorProps={props.errorProps}
      disabled={props.disabled}
      size={props.size}
      w={props.w}
      maw={props.maw}
      className={props.className}
      style={props.style}
      data-field={(props as Record<string, unknown>)['data-field'] as string | undefined}
      aria-describedby={props['aria-describedby']}
      readOnly
      // At the click, not the press: a Select arriving between the two takes the click itself.
      onClick={() => {
        standIn.current.clicked = true;
      }}
      value={labelOf(props.data, props.value ?? props.defaultValue)}
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
    />
  );
}
