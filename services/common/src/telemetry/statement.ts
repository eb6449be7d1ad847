/**
 * A MongoDB command's shape for the span's query text, its values as "?". The instrumentation's own
 * serializer walks every value: a GridFS chunk (255 KiB of PDF) became a string of 255 Ki "?"s
 * per insert, which doubled the pdf service's memory under load. Binary values, deep nesting and
 * long arrays stop here.
 */
export function statementShape(command: unknown): string {
  const shape = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object') return '?';
    if (ArrayBuffer.isView(value) || '_bsontype' in value || value instanceof Date || depth > 4) return '?';
    if (Array.isArray(value)) return value.slice(0, 3).map((item) => shape(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, shape(field, depth + 1)]));
  };
  return JSON.stringify(shape(command, 0));
}
