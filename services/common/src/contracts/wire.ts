// How stored values travel in proto3 messages (LOADER_OPTIONS in grpc/protos.ts): times as RFC 3339 text,
// nulls as unset optional fields. No I/O here, so domain code may use it.

/** A stored time as a message's RFC 3339 text; unset (absent on the wire) when there is none. */
export function iso(d: Date | string | null | undefined): string | undefined {
  return d ? new Date(d).toISOString() : undefined;
}

/** A stored null as an unset proto3 optional field. */
export function opt<T>(v: T | null | undefined): T | undefined {
  return v === null ? undefined : v;
}
