import type * as z from 'zod/mini';

/**
 * A schema built the first time something reads it, in a browser; at once on the server.
 *
 * The shared module of a call holds its request and answer schemas side by side, and a screen
 * that imports one name from it loads the whole module. Built when the module loads, the schemas
 * a screen never uses cost a phone's first screen its longest task: on the booking page, about
 * 150 ms of a phone's CPU before anything is drawn (docs/performance.md, ADR 0061). Here each one
 * waits for its first use: a parse, a form's check, or a schema built from it.
 *
 * The server keeps building every schema when it starts: its routes compile them then anyway
 * (JSON Schema for the answers), and a route's first request should not pay for it.
 */
export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  if (!('window' in globalThis)) return build();
  let schema: T | undefined;
  const built = (): T => {
    schema ??= build();
    return schema;
  };
  // The proxy stands for the schema everywhere (in other schemas, forms, parses): every read
  // goes to the schema, built on the first one. The target is only a placeholder, so what it
  // reports of a property is never fixed (`configurable`): a proxy may not report a fixed
  // property its target does not have.
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => Reflect.get(built(), key),
    has: (_, key) => Reflect.has(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
