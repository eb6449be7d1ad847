import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { MethodDefinition } from '@grpc/proto-loader';

const protosDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../protos');

/** The one set of loader options: field names stay snake_case as in the public JSON. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [protosDir],
};

export interface LoadedService {
  definition: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
}

/** Loads `<file>` from protos/ and returns the named service, e.g. ('invoiceplatform/accounts/v1/accounts.proto', 'invoiceplatform.accounts.v1.AccountsService'). */
export function loadService(file: string, fullName: string): LoadedService {
  const pkg = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
  const Client = fullName.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], pkg) as
    grpc.ServiceClientConstructor | undefined;
  if (!Client?.service) throw new Error(`gRPC service ${fullName} not found in ${file}`);
  return { definition: Client.service, Client };
}

/** The methods of a service the proto marks safe to send again (idempotency_level NO_SIDE_EFFECTS or IDEMPOTENT). */
export function idempotentMethods(service: LoadedService): Set<string> {
  const safe = new Set<string>();
  for (const [name, definition] of Object.entries(service.definition)) {
    const level = (definition as { options?: { idempotency_level?: string } }).options?.idempotency_level;
    if (level === 'NO_SIDE_EFFECTS' || level === 'IDEMPOTENT') safe.add(name);
  }
  return safe;
}

/**
 * The methods of a service definition generated from protos/ (protos/types, `pnpm protos:types`),
 * without the index signature grpc-js's ServiceDefinition adds, so an unknown name is an error.
 */
export type MethodsOf<D> = { [K in keyof D as string extends K ? never : K]: D[K] };

/**
 * The messages of method K: `req` is what a caller may send, `reqOut` what a handler receives once
 * decoded with LOADER_OPTIONS (defaults filled in), `res` what a handler may return, `resOut`
 * what a caller receives.
 */
export type MessagesOf<D, K extends keyof MethodsOf<D>> =
  MethodsOf<D>[K] extends MethodDefinition<infer Req, infer Res, infer ReqOut, infer ResOut>
    ? { req: Req; res: Res; reqOut: ReqOut; resOut: ResOut }
    : never;
