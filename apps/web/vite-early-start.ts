import type { Plugin } from 'vite';
// Relative, not '@cusco/shared': the config is bundled, and the package is TypeScript source.
import { AVAILABILITY_MAX_DAYS } from '../../packages/shared/src/rules/availability.ts';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, Chunk | { type: 'asset' }>;

/**
 * The code each first screen loads after the entry, by the source modules that start it: the
 * screen's chunk, the booking page's draft helpers (app/preload-data.ts asks for them with the
 * tour), and each language's texts (the app's and the API messages').
 */
const STARTS: Record<string, RegExp[]> = {
  booking: [
    /src[\\/]features[\\/]booking[\\/]routes[\\/]booking-page\.tsx$/,
    /src[\\/]features[\\/]booking[\\/]model[\\/]draft-storage\.ts$/,
    /src[\\/]features[\\/]booking[\\/]model[\\/]draft\.ts$/,
  ],
  login: [/src[\\/]features[\\/]auth[\\/]routes[\\/]login-page\.tsx$/],
  en: [/src[\\/]locales[\\/]en\.json$/, /shared[\\/]src[\\/]locales[\\/]en\.json$/],
  es: [/src[\\/]locales[\\/]es\.json$/, /shared[\\/]src[\\/]locales[\\/]es\.json$/],
};

/**
 * Where index.html's inline script takes the files and the days' range (an empty object in
 * development: nothing starts early).
 */
const PLACEHOLDER = '/*early-start*/ {}';

/**
 * Adds to index.html a `modulepreload` link for each file of the app's start, which the entry
 * imports in steps (main.tsx, ADR 0061), so that every page asks for them with the entry.
 *
 * Writes into index.html's inline script the files each first screen needs beyond the entry
 * (ADR 0053, decision 12): on a booking page or login, the script asks for them with
 * `modulepreload` while the entry is still arriving, instead of after the entry has run and
 * imported them (a second round trip on slow 4G); and how many days a booking page's first
 * availability call covers (app's get-availability.ts), so that the script asks the same call.
 */
export function earlyStart(): Plugin {
  return {
    name: 'cusco:early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Bundle | undefined;
        if (!bundle) return html;
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html lacks ${PLACEHOLDER}`);
        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
        const closure = (file: string, seen: Set<string>) => {
          if (seen.has(file)) return;
          seen.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk')
            for (const imported of chunk.imports) closure(imported, seen);
        };
        const loaded = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, loaded);
        // The app's start after the entry (main.tsx's steps, ADR 0061): every page asks for it
        // with the entry, as for the entry's own imports, not once the entry has run.
        const steps = new Set<string>();
        for (const chunk of chunks)
          if (chunk.isEntry) for (const file of chunk.dynamicImports) closure(file, steps);
        const stepFiles = [...steps].filter((file) => !loaded.has(file));
        for (const file of stepFiles) loaded.add(file);
        const lists = Object.fromEntries(
          Object.entries(STARTS).map(([name, patterns]) => {
            const files = new Set<string>();
            for (const pattern of patterns) {
              const chunk = chunks.find((item) => item.moduleIds.some((id) => pattern.test(id)));
              if (!chunk) throw new Error(`No chunk holds ${pattern} (vite-early-start.ts)`);
              closure(chunk.fileName, files);
            }
            // A chunk's stylesheets come with it (Vite links them when the chunk is imported).
            const wanted = [...files].filter((file) => !loaded.has(file));
            const styles = wanted.flatMap((file) => {
              const chunk = bundle[file];
              return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
            });
            return [name, [...wanted, ...styles]];
          }),
        );
        return {
          html: html.replace(
            PLACEHOLDER,
            JSON.stringify({ files: lists, availabilityDays: AVAILABILITY_MAX_DAYS }),
          ),
          tags: stepFiles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
