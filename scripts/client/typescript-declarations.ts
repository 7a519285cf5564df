import type { JsonSchema } from '../../src/http/openapi-schemas.ts';

/**
 * JSON Schema (the subset the OpenAPI document uses) as TypeScript types, for the typed client. It
 * throws on a construct it does not know rather than typing it loosely.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const REF = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/;

function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A JSDoc block, or nothing when there is nothing to say. */
export function docComment(lines: string[], indent: string): string {
  const text = lines.filter(Boolean).join('\n\n').replaceAll('*/', '*\\/');
  if (!text) return '';
  if (!text.includes('\n') && indent.length + text.length + 7 <= 110) return `${indent}/** ${text} */\n`;
  const body = text
    .split('\n')
    .map((line) => `${indent} *${line ? ` ${line}` : ''}`)
    .join('\n');
  return `${indent}/**\n${body}\n${indent} */\n`;
}

function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return JSON.stringify(value);
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  if (names.length === 0)
    return open || schema.additionalProperties === undefined
      ? 'Record<string, unknown>'
      : 'Record<string, never>';
  const inner = `${indent}  `;
  const members = names.map((name) => {
    const property = properties[name] as JsonSchema;
    const notes = [
      typeof property.description === 'string' ? property.description : '',
      property.default !== undefined ? `@default ${JSON.stringify(property.default)}` : '',
    ];
    const optional = required.has(name) ? '' : '?';
    return `${docComment(notes, inner)}${inner}${propertyKey(name)}${optional}: ${typeFor(property, inner)};\n`;
  });
  if (open) members.push(`${inner}[property: string]: unknown;\n`);
  return `{\n${members.join('')}${indent}}`;
}

function primitive(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return schema.items ? `Array<${typeFor(schema.items as JsonSchema, indent)}>` : 'unknown[]';
    case 'object':
      return objectType(schema, indent);
    default:
      throw new Error(`JSON Schema type ${type} has no TypeScript form here`);
  }
}

/** The TypeScript type of a schema; `indent` is the indentation of the line the type starts on. */
export function typeFor(schema: JsonSchema, indent = ''): string {
  if (typeof schema.$ref === 'string') {
    const name = REF.exec(schema.$ref)?.[1];
    if (!name) throw new Error(`unsupported $ref ${schema.$ref}`);
    return name;
  }
  // Beside a type, allOf/anyOf/oneOf/not only narrow the values (exactly one of two fields, at least one
  // to change): the type is the shape, and the service checks the rest.
  const typed = schema.type !== undefined;
  if (!typed && (schema.allOf || schema.not || schema.if))
    throw new Error('allOf, not and if have no TypeScript form here');
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union && !typed) return union.map((member) => typeFor(member, indent)).join(' | ');
  if (Array.isArray(schema.type))
    return schema.type.map((type) => primitive(type, schema, indent)).join(' | ');
  if (typeof schema.type === 'string') return primitive(schema.type, schema, indent);
  if (schema.properties) return objectType(schema, indent);
  return 'unknown';
}

/** `export interface Name {...}` for an object schema, `export type Name = ...` for anything else. */
export function declaration(name: string, schema: JsonSchema, notes: string[] = []): string {
  const comment = docComment(
    [...notes, typeof schema.description === 'string' ? schema.description : ''],
    '',
  );
  const type = typeFor(schema);
  return type.startsWith('{')
    ? `${comment}export interface ${name} ${type}\n`
    : `${comment}export type ${name} = ${type};\n`;
}
