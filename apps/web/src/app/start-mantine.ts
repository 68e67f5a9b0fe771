// The app's second step (main.tsx): the `mantine` chunk, evaluated before the app's own code.
// Nothing uses this name from here; importing it is what evaluates the chunk. (An import, not
// `export … from`: vite.config.ts reads which of Mantine's names the first screens import.)
import { MantineProvider } from '@mantine/core';

export { MantineProvider };
