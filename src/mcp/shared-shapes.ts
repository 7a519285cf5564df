type Json = Record<string, unknown>;

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'];
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'patternProperties'];

/** A shape is worth a definition of its own only when it is longer than the `$ref` that replaces it. */
const MIN_SHAPE_BYTES = 64;

function isSchema(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `visit` with every subschema of `schema` (not the root) and the name of the place it is in. */
function eachSubschema(schema: Json, visit: (subschema: Json, place: string) => void): void {
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.includes(keyword) && isSchema(value)) {
      visit(value, keyword);
      eachSubschema(value, visit);
    } else if (SCHEMA_LIST_KEYWORDS.includes(keyword) && Array.isArray(value)) {
      for (const branch of value.filter(isSchema)) {
        visit(branch, keyword);
        eachSubschema(branch, visit);
      }
    } else if (SCHEMA_MAP_KEYWORDS.includes(keyword) && isSchema(value)) {
      for (const [name, property] of Object.entries(value)) {
        if (!isSchema(property)) continue;
        visit(property, name);
        eachSubschema(property, visit);
      }
    }
  }
}

/** `schema` with every subschema whose text is `text` replaced by `replacement`. */
function replaced(schema: Json, text: string, replacement: Json): Json {
  const swap = (value: unknown): unknown => {
    if (!isSchema(value)) return value;
    return JSON.stringify(value) === text ? replacement : replaced(value, text, replacement);
  };
  const result: Json = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.includes(keyword)) result[keyword] = swap(value);
    else if (SCHEMA_LIST_KEYWORDS.includes(keyword) && Array.isArray(value))
      result[keyword] = value.map(swap);
    else if (SCHEMA_MAP_KEYWORDS.includes(keyword) && isSchema(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, swap(item)]));
    } else result[keyword] = value;
  }
  return result;
}

interface Candidate {
  text: string;
  shape: Json;
  count: number;
  place: string;
}

/** The repeated shape whose definition saves the most bytes, if any saves some. */
function bestCandidate(schema: Json): Candidate | undefined {
  const seen = new Map<string, Candidate>();
  eachSubschema(schema, (subschema, place) => {
    if ('$ref' in subschema && Object.keys(subschema).length === 1) return;
    const text = JSON.stringify(subschema);
    if (text.length < MIN_SHAPE_BYTES) return;
    const candidate = seen.get(text);
    if (candidate) candidate.count += 1;
    else seen.set(text, { text, shape: subschema, count: 1, place });
  });
  let best: Candidate | undefined;
  let bestSaving = 0;
  for (const candidate of seen.values()) {
    if (candidate.count < 2) continue;
    const reference = `{"$ref":"#/$defs/${candidate.place}"}`.length;
    const saving = (candidate.count - 1) * candidate.text.length - candidate.count * reference - 8;
    if (saving > bestSaving) {
      best = candidate;
      bestSaving = saving;
    }
  }
  return best;
}

/**
 * `schema` (JSON Schema 2020-12) with each shape it repeats written once, in `$defs`, and referred to with
 * `$ref` wherever it was: a report's row shape, its money and period shapes, appear once each. Each
 * definition is named after the first property it describes, so a model reading a reference reads what
 * it is. The schema validates exactly the same values.
 */
export function shareRepeatedShapes(schema: Json): Json {
  let shared = schema;
  const names = new Set(Object.keys(isSchema(schema.$defs) ? schema.$defs : {}));
  for (let candidate = bestCandidate(shared); candidate; candidate = bestCandidate(shared)) {
    let name = candidate.place.replace(/[^A-Za-z0-9_]/g, '_') || 'shape';
    for (let suffix = 2; names.has(name); suffix++) name = `${candidate.place}_${suffix}`;
    names.add(name);
    const { $defs, ...rest } = replaced(shared, candidate.text, { $ref: `#/$defs/${name}` });
    shared = { ...rest, $defs: { ...(isSchema($defs) ? $defs : {}), [name]: candidate.shape } };
  }
  return shared;
}
