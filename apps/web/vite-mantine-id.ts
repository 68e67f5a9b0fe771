import type { Plugin } from 'vite';

/** Mantine's `useId` module, as @mantine/hooks ships it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * The same hook on React's `useId` alone: the id a component is drawn with is the one it keeps.
 * Characters other than letters, digits, `_` and `-` are dropped, so that an id can be used in a
 * CSS selector, as Mantine's own drops React's colons.
 */
const USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^A-Za-z0-9_-]/g, '');
}
`;

/**
 * Mantine's `useId` draws each component with React's id, then sets a random one in a layout
 * effect: every input, radio, alert and menu on a screen is drawn a second time, synchronously,
 * before the browser paints (15–52 ms after the booking page's step 1 on a phone-like CPU).
 * Mantine keeps the random id for pages with several React roots, where React's ids could
 * repeat; this app has one root (main.tsx), so React's id is unique and stable, and the build
 * takes Mantine's hook from here (ADR 0059). The build fails if Mantine moves the module, rather
 * than quietly keeping the second draw.
 */
export function mantineStableId(): Plugin {
  let replaced = false;
  return {
    name: 'cusco:mantine-stable-id',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      replaced = true;
      return USE_ID;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          "@mantine/hooks' use-id module was not found: check vite-mantine-id.ts against the installed Mantine.",
        );
    },
  };
}
