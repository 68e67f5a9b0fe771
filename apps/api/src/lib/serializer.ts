import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

type SerializerCompiler = ReturnType<typeof createSerializerCompiler>;

const zodSerializer = createSerializerCompiler({});

/** The route's answer schema as JSON Schema (draft 7), or null when zod cannot say it (a transform). */
function jsonSchemaOf(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.core.$ZodType)) return null;
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
    return withoutScalarUnions(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * `anyOf` of scalars only (zod's `nullable(enum)`, a nullable date) as one `type` list:
 * fast-json-stringify writes an `anyOf` by validating the value against each branch with Ajv,
 * whose validators it compiles on the first answer (issue 33: 0.6 s of CPU on a booking detail's
 * first read, then an Ajv call per field and answer); a type list it writes by `typeof`. What
 * only validation reads (enum, pattern, format) is dropped: the answer is not checked here.
 */
function withoutScalarUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutScalarUnions);
  if (!node || typeof node !== 'object') return node;
  const { anyOf, ...rest } = node as Record<string, unknown>;
  const branches = Array.isArray(anyOf) ? (anyOf as Record<string, unknown>[]) : null;
  const types = branches?.map((branch) => branch.type);
  if (branches && types?.every((type) => typeof type === 'string' && SCALARS.has(type))) {
    const { description, title } = rest;
    return {
      type: [...new Set(types as string[])],
      ...(description ? { description } : {}),
      ...(title ? { title } : {}),
    };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withoutScalarUnions(value)]),
  );
}

/**
 * Answers are written by fast-json-stringify, compiled once per route from its zod answer schema
 * (issue 11: no zod parse of every answer). With `checkAnswers` (development and tests) each
 * answer is also checked against the schema first, so a route that answers outside its contract
 * still fails loudly there. A schema zod cannot express as JSON Schema keeps the zod serializer.
 */
export function compiledSerializer(options: { checkAnswers: boolean }): SerializerCompiler {
  return (route) => {
    const json = jsonSchemaOf(route.schema);
    if (!json) return zodSerializer(route);
    const stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
    if (!options.checkAnswers) return (data: unknown) => stringify(data);
    const checked = zodSerializer(route);
    return (data: unknown) => {
      checked(data);
      return stringify(data);
    };
  };
}
