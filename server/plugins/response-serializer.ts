// Serialises responses with fast-json-stringify (Fastify's compiled serializer) from each route's response zod
// schema, converted to JSON Schema once when the route is compiled; zod keeps validating what comes in.
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/** A response schema the compiled serializer cannot write faithfully: the server refuses to start with it. */
export class UnserializableSchemaError extends Error {}

/** A response that does not match its route's contract: answered with a 500 by the error handler. */
export class ResponseContractError extends Error {}

type JsonSchema = { [keyword: string]: unknown };

/**
 * The keywords fast-json-stringify writes by, or that only describe or constrain a value (written as it is).
 * Any other keyword (`propertyNames`, `not`, `if`, `prefixItems`…) would be ignored on the way out, so a value it
 * governs could be written unchecked or leak a property: it fails the start-up instead.
 */
const understoodKeywords = new Set([
  'type',
  'nullable',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'const',
  'enum',
  'format',
  '$ref',
  'definitions',
  'description',
  'title',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

/** Keywords whose value is one schema, or a record or list of them, walked by `checkKeywords`. */
const schemaKeywords = new Set(['items', 'additionalProperties']);
const schemaRecordKeywords = new Set(['properties', 'definitions']);
const schemaListKeywords = new Set(['anyOf', 'oneOf', 'allOf']);

function checkKeywords(schema: unknown, at: string): void {
  if (typeof schema !== 'object' || schema === null) return;
  for (const [keyword, value] of Object.entries(schema)) {
    if (!understoodKeywords.has(keyword)) {
      throw new UnserializableSchemaError(`"${keyword}" at ${at} is not written by the compiled serializer`);
    }
    if (schemaKeywords.has(keyword)) checkKeywords(value, `${at}/${keyword}`);
    if (schemaRecordKeywords.has(keyword)) {
      for (const [name, child] of Object.entries(value as JsonSchema))
        checkKeywords(child, `${at}/${keyword}/${name}`);
    }
    if (schemaListKeywords.has(keyword)) {
      (value as unknown[]).forEach((child, index) => checkKeywords(child, `${at}/${keyword}/${index}`));
    }
  }
}

const isNull = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';

/** What may constrain a record's keys without changing which are written: their length, pattern or format. */
const keyConstraints = new Set(['type', 'minLength', 'maxLength', 'pattern', 'format']);

/**
 * A record's keys as `propertyNames` says them, rewritten as fast-json-stringify understands them: strings, maybe
 * constrained (every JSON key is a string; the constraints, like a value's, are only checked by zod) say nothing;
 * an enum of keys lists each of them with the record's value schema, so that no other key is written. Anything
 * else is left for `checkKeywords` to refuse.
 */
function recordKeys({ propertyNames, additionalProperties, ...rest }: JsonSchema): JsonSchema {
  const { type, enum: names, ...constraints } = propertyNames as JsonSchema;
  if (type === 'string' && Object.keys(constraints).every((keyword) => keyConstraints.has(keyword))) {
    if (names === undefined) return { ...rest, additionalProperties };
    if (Array.isArray(names)) {
      return {
        ...rest,
        properties: Object.fromEntries(names.map((name: string) => [name, additionalProperties])),
      };
    }
  }
  return { ...rest, propertyNames, additionalProperties };
}

/**
 * Rewrites the converted schema for fast-json-stringify:
 * - writes a record's keys as `recordKeys` says;
 * - drops `additionalProperties: false` from every object: fast-json-stringify leaves out a property its schema
 *   does not list all the same, but a union picks its branch by validating the value, which an object carrying one
 *   more property (a row's column the contract does not show) would fail in every branch, where zod strips it;
 * - writes "this or null" (`anyOf: [this, {type: 'null'}]`) as `nullable`, which fast-json-stringify writes by a
 *   test of its own instead of validating the value against each branch.
 */
function forCompiledSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forCompiledSerializer);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((branch) => !isNull(branch)) as JsonSchema;
    if (typeof other.type === 'string') return forCompiledSerializer({ ...rest, ...other, nullable: true });
  }
  const rewritten = 'propertyNames' in schema ? recordKeys(schema as JsonSchema) : schema;
  return Object.fromEntries(
    Object.entries(rewritten)
      .filter(([keyword, value]) => !(keyword === 'additionalProperties' && value === false))
      .map(([keyword, value]) => [keyword, forCompiledSerializer(value)]),
  );
}

/**
 * The JSON Schema a response is written by: zod's output shape, every schema inlined (no registry ids), and a
 * failure for anything JSON Schema cannot say (a transform, a date) rather than the "any" the OpenAPI document
 * settles for.
 */
export function responseJsonSchema(schema: z.ZodType): Schema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
      metadata: z.registry(),
    }) as JsonSchema;
  } catch (error) {
    throw new UnserializableSchemaError((error as Error).message, { cause: error });
  }
  const { $schema: _dialect, ...jsonSchema } = converted;
  const rewritten = forCompiledSerializer(jsonSchema) as Schema;
  checkKeywords(rewritten, '#');
  return rewritten;
}

/** A response without a body (a 204), which JSON Schema cannot say and Fastify never writes. */
const noBody = (schema: z.ZodType) => schema instanceof z.ZodVoid || schema instanceof z.ZodUndefined;

export interface ResponseSerializerOptions {
  /**
   * Also checks each response against its zod schema before writing it (the API tests do): fast-json-stringify
   * writes what the schema lists without checking the values' types.
   */
  checkResponses: boolean;
}

export function responseSerializerCompiler({
  checkResponses,
}: ResponseSerializerOptions): FastifySerializerCompiler<z.ZodType> {
  /**
   * Each schema converted and checked once, when its first route is compiled (most routes share the error
   * responses' schema), and compiled by fast-json-stringify when its first response is written: compiling every
   * route's schemas would add about half a second to the start-up.
   */
  const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
  const compile = (schema: z.ZodType) => {
    const known = compiled.get(schema);
    if (known) return known;
    const jsonSchema = responseJsonSchema(schema);
    let stringify: ((data: unknown) => string) | undefined;
    const lazily = (data: unknown) => (stringify ??= fastJsonStringify(jsonSchema))(data);
    compiled.set(schema, lazily);
    return lazily;
  };
  return ({ schema, method, url, httpStatus }) => {
    if (noBody(schema)) {
      return (data) => {
        if (data !== undefined)
          throw new ResponseContractError(`The response of ${method} ${url} has no body`);
        return '';
      };
    }
    let stringify: (data: unknown) => string;
    try {
      stringify = compile(schema);
    } catch (error) {
      throw new UnserializableSchemaError(
        `The response ${httpStatus} of ${method} ${url}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (!checkResponses) return stringify;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) {
        throw new ResponseContractError(`The response of ${method} ${url} breaks its contract`, {
          cause: checked.error,
        });
      }
      return stringify(data);
    };
  };
}
