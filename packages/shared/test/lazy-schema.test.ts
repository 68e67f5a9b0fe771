import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from '../src/api/lazy-schema.ts';

const person = () => z.object({ name: z.string().check(z.minLength(1)), age: z.number() });

describe('lazySchema on the server (no window)', () => {
  it('builds the schema at once and hands back the schema itself', () => {
    const built = person();
    const build = vi.fn(() => built);
    const schema = lazySchema(build);
    expect(build).toHaveBeenCalledOnce();
    expect(schema).toBe(built);
  });
});

describe('lazySchema in a browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const deferred = () => {
    vi.stubGlobal('window', globalThis);
    const build = vi.fn(person);
    return { build, schema: lazySchema(build) };
  };

  it('builds nothing until the schema is first used, then builds it once', () => {
    const { build, schema } = deferred();
    expect(build).not.toHaveBeenCalled();
    expect(z.parse(schema, { name: 'Ana', age: 30 })).toEqual({ name: 'Ana', age: 30 });
    expect(z.safeParse(schema, { name: '', age: 30 }).success).toBe(false);
    expect(schema.parse({ name: 'Rosa', age: 41 })).toEqual({ name: 'Rosa', age: 41 });
    expect(build).toHaveBeenCalledOnce();
  });

  it('stands for the schema inside other schemas, built only when they are used', () => {
    const { build, schema } = deferred();
    const group = z.object({ leader: schema, members: z.array(schema) });
    const older = lazySchema(() => z.extend(schema, { since: z.string() }));
    expect(build).not.toHaveBeenCalled();
    expect(
      z.safeParse(group, { leader: { name: 'Ana', age: 30 }, members: [{ name: '', age: 1 }] })
        .error?.issues[0]?.path,
    ).toEqual(['members', 0, 'name']);
    expect(z.parse(older, { name: 'Ana', age: 30, since: '2020' }).since).toBe('2020');
    expect(build).toHaveBeenCalledOnce();
  });

  it('answers as the schema does to what forms and the JSON Schema writer ask of it', () => {
    const { schema } = deferred();
    expect(schema).toBeInstanceOf(z.core.$ZodType);
    expect(Object.keys(schema.shape)).toEqual(['name', 'age']);
    expect(Reflect.ownKeys(schema)).toContain('_zod');
    expect(Object.getOwnPropertyDescriptor(schema, '_zod')?.configurable).toBe(true);
    expect('_zod' in schema).toBe(true);
    expect(z.toJSONSchema(schema)).toMatchObject({
      type: 'object',
      required: ['name', 'age'],
    });
  });
});

describe('the shared schemas', () => {
  it('are each built on first use: no module builds one when it loads', () => {
    const folder = new URL('../src/api/', import.meta.url);
    const eager = readdirSync(folder).flatMap((file) =>
      [
        ...readFileSync(new URL(file, folder), 'utf8').matchAll(
          /^(?:export )?const (\w+) =\s*z\s*\.(\w+)/gm,
        ),
      ]
        // A check (z.refine) is no schema: it is built with the schema it checks.
        .filter(([, , made]) => made !== 'refine')
        .map(([, name]) => `${file}: ${name}`),
    );
    expect(eager).toEqual([]);
  });
});
