import { Select, type SelectProps } from '@mantine/core';
import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Mantine's Select, in a chunk of its own (lazy-select.tsx loads it when a select is first
 * drawn). It takes the focus at once if its stand-in had it (`focused`).
 */
export function SelectInput({ focused, ...props }: SelectProps & { focused: RefObject<boolean> }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (focused.current) input.current?.focus();
    focused.current = false;
  }, [focused]);
  return <Select ref={input} {...props} />;
}
