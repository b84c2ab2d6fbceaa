// `tools/list` as JSON, built once: each tool's JSON Schema generated from its zod/mini schemas
// (`z.toJSONSchema`, draft 2020-12, the `$schema` line left out to keep the list small).
import * as z from 'zod/mini';
import type { ToolSpec } from './catalogue.js';

type JsonSchema = { type: 'object'; [k: string]: unknown };

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as JsonSchema;
}

export function toolList(tools: readonly ToolSpec[]) {
  return {
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: jsonSchema(t.input, 'input'),
      outputSchema: jsonSchema(t.result, 'output'),
      annotations: { title: t.title, ...t.annotations },
    })),
  };
}
