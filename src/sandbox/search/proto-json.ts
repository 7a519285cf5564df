/**
 * A REST body read as Google's front end reads it into the request message (proto3 JSON mapping): each
 * field under its original name (`page_token`) or its lowerCamelCase JSON name (`pageToken`), `null` as
 * unset, numbers of int32/int64 fields also as strings, bools also as the words Google's parser takes
 * ("true", "no", ...), enums by name or number, a FieldMask as one string of comma-separated paths in
 * either case. A name the message does not have, or a value of the wrong type, is a violation worded as
 * Google words it. Fields the sandbox does not act on are `opaque`: accepted as they come.
 */

export type FieldType =
  | { kind: 'string' | 'bool' | 'int32' | 'int64' | 'fieldMask' | 'opaque' }
  | { kind: 'enum'; typeName: string; values: Readonly<Record<string, number>> }
  | { kind: 'message'; message: Message };

export interface Field {
  /** The proto field name (snake_case). */
  name: string;
  type: FieldType;
  repeated?: boolean;
}

export interface Message {
  /** The message's full name below `google.ads.googleads.<version>.`, or a `google.*` name. */
  typeName: string;
  fields: Field[];
}

/** One entry of a `google.rpc.BadRequest`: the field path in proto names (none at the top) and the words. */
export interface Violation {
  field?: string;
  description: string;
}

/** What was read: the fields under their JSON names, FieldMasks as arrays of snake_case paths. */
export type Read = Record<string, unknown>;

const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', '0']);
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

export function jsonName(protoName: string): string {
  return protoName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A FieldMask path as the proto names it: `responsiveSearchAd.headlines` -> `responsive_search_ad.headlines`. */
function snakePath(path: string): string {
  return path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function typeUrl(typeName: string, version: string): string {
  const full = typeName.startsWith('google.') ? typeName : `google.ads.googleads.${version}.${typeName}`;
  return `type.googleapis.com/${full}`;
}

const SCALAR_TYPE = { string: 'TYPE_STRING', bool: 'TYPE_BOOL', int32: 'TYPE_INT32', int64: 'TYPE_INT64' };

class Reader {
  readonly violations: Violation[] = [];
  readonly #version: string;

  constructor(version: string) {
    this.#version = version;
  }

  #invalid(path: string, type: FieldType, value: unknown): undefined {
    const name =
      type.kind in SCALAR_TYPE
        ? SCALAR_TYPE[type.kind as keyof typeof SCALAR_TYPE]
        : type.kind === 'enum'
          ? typeUrl(type.typeName, this.#version)
          : type.kind === 'message'
            ? typeUrl(type.message.typeName, this.#version)
            : typeUrl('google.protobuf.FieldMask', this.#version);
    this.violations.push({
      field: path,
      description: `Invalid value at '${path}' (${name}), ${JSON.stringify(value)}`,
    });
    return undefined;
  }

  #integer(path: string, type: FieldType, value: unknown, range?: typeof INT32): number | string | undefined {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    if (!/^-?\d+$/.test(text)) return this.#invalid(path, type, value);
    if (range) {
      const number = Number(text);
      return number >= range.min && number <= range.max ? number : this.#invalid(path, type, value);
    }
    return BigInt(text).toString();
  }

  value(path: string, type: FieldType, value: unknown): unknown {
    switch (type.kind) {
      case 'opaque':
        return value;
      case 'string':
        return typeof value === 'string' ? value : this.#invalid(path, type, value);
      case 'bool': {
        if (typeof value === 'boolean') return value;
        const word = typeof value === 'string' ? value.toLowerCase() : undefined;
        if (word !== undefined && TRUE_WORDS.has(word)) return true;
        if (word !== undefined && FALSE_WORDS.has(word)) return false;
        return this.#invalid(path, type, value);
      }
      case 'int32':
        return this.#integer(path, type, value, INT32);
      case 'int64':
        return this.#integer(path, type, value);
      case 'enum': {
        if (typeof value === 'string' && value in type.values) return value;
        const byNumber = Object.entries(type.values).find(([, number]) => number === value)?.[0];
        return byNumber ?? this.#invalid(path, type, value);
      }
      case 'fieldMask':
        if (typeof value !== 'string') return this.#invalid(path, type, value);
        return value
          .split(',')
          .map((part) => snakePath(part.trim()))
          .filter(Boolean);
      case 'message':
        if (value === null || typeof value !== 'object' || Array.isArray(value))
          return this.#invalid(path, type, value);
        return this.message(type.message, value as Record<string, unknown>, path);
    }
  }

  message(message: Message, json: Record<string, unknown>, path: string): Read {
    const read: Read = {};
    for (const [key, value] of Object.entries(json)) {
      const field = message.fields.find((f) => f.name === key || jsonName(f.name) === key);
      if (!field) {
        const where = path ? ` at '${path}'` : '';
        this.violations.push({
          ...(path && { field: path }),
          description: `Invalid JSON payload received. Unknown name "${key}"${where}: Cannot find field.`,
        });
        continue;
      }
      if (value === null) continue;
      const at = path ? `${path}.${field.name}` : field.name;
      if (field.repeated) {
        if (!Array.isArray(value)) {
          this.#invalid(at, field.type, value);
          continue;
        }
        read[jsonName(field.name)] = value.map((item, index) =>
          this.value(`${at}[${index}]`, field.type, item),
        );
      } else {
        const parsed = this.value(at, field.type, value);
        if (parsed !== undefined) read[jsonName(field.name)] = parsed;
      }
    }
    return read;
  }
}

/** Reads a JSON body into `message`; the violations are empty when Google's parser would take it. */
export function readRequest(
  message: Message,
  body: unknown,
  version: string,
): { read: Read; violations: Violation[] } {
  const reader = new Reader(version);
  if (body === null || body === undefined) return { read: {}, violations: [] };
  if (typeof body !== 'object' || Array.isArray(body)) {
    return {
      read: {},
      violations: [{ description: 'Invalid JSON payload received. Root element must be a message.' }],
    };
  }
  const read = reader.message(message, body as Record<string, unknown>, '');
  return { read, violations: reader.violations };
}
