import './app/mantine-styles.ts';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * The next step after the browser's next frame: it may paint (the agency's mark, at first) and
 * answer input before the step runs. A hidden tab draws no frames: there, the next task.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve);
    else requestAnimationFrame(() => setTimeout(resolve));
  });

// The app starts in steps, each evaluated in a task of its own (ADR 0061): React and the other
// libraries of the framework chunk, then Mantine, then the app's own code and its start. A
// browser evaluates a module graph in one task once the whole graph has arrived; on a phone the
// app's graph held the main thread for about 200 ms in one piece, which Lighthouse counts as
// blocking time. index.html asks for every file of every step at once (vite-early-start.ts), so
// no step waits for a round trip of its own.
void nextTask()
  .then(() => import('./app/start-react.ts'))
  .then(nextTask)
  .then(() => import('./app/start-mantine.ts'))
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .then(({ startApp }) => startApp(root));
