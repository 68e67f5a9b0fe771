import { Select, type SelectProps } from '@mantine/core';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { StandIn } from './lazy-select.tsx';

/**
 * Mantine's Select, in a chunk of its own (lazy-select.tsx loads it when a select is first
 * drawn). It takes the focus at once if its stand-in had it, and opens its options if the
 * stand-in was clicked.
 *
 * Whether its options are open is kept here, not in Mantine's Select, so that the stand-in's
 * click is read when the Select is put on the page, not when it is drawn: the Select arrives in
 * a render that yields to the browser, and a click that came between the two was lost (the
 * options stayed closed; a browser test caught it on a busy machine).
 */
export function SelectInput({ standIn, ...props }: SelectProps & { standIn: RefObject<StandIn> }) {
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (standIn.current.focused || standIn.current.clicked) input.current?.focus();
    standIn.current.focused = false;
  }, [standIn]);
  const { readOnly, disabled } = props;
  // Opened at the next frame: Mantine's dropdown is put in its portal in a render after the
  // Select's first, and its options' list tells the field its id in an effect of that render.
  // Opened before, the list shows but the field says it is not expanded (aria-expanded).
  useEffect(() => {
    if (!standIn.current.clicked) return;
    // A read-only or disabled Select does not open at a click: nor does it for its stand-in's.
    if (readOnly || disabled) {
      standIn.current.clicked = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      standIn.current.clicked = false;
      setOpened(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [standIn, readOnly, disabled]);
  return (
    <Select
      ref={input}
      {...props}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        setOpened(true);
        props.onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        props.onDropdownClose?.();
      }}
    />
  );
}
