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
    return json;
  } catch {
    return null;
  }
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
