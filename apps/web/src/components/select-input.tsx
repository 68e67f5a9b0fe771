import { Select, type SelectProps } from '@mantine/core';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { StandIn } from './lazy-select.tsx';

/**
 * Mantine's Select, in a chunk of its own (lazy-select.tsx loads it when a select is first
 * drawn). It takes the focus at once if its stand-in had it, and opens its options if the
 * stand-in was clicked.
 */
export function SelectInput({ standIn, ...props }: SelectProps & { standIn: RefObject<StandIn> }) {
  const input = useRef<HTMLInputElement>(null);
  const [opened] = useState(() => standIn.current.clicked);
  useLayoutEffect(() => {
    if (standIn.current.focused || standIn.current.clicked) input.current?.focus();
    standIn.current.focused = false;
    standIn.current.clicked = false;
  }, [standIn]);
  return <Select ref={input} defaultDropdownOpened={opened || undefined} {...props} />;
}
