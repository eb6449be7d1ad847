/**
 * OpenTelemetry for a service, loaded before any of its modules:
 *
 *   node --import <repo>/services/common/src/telemetry/preload.ts services/<name>/src/main.ts
 *
 * ESM evaluates a module's static imports before its body, so a service that started the SDK in
 * its main.ts had already loaded koa, grpc-js, kafkajs, mongoose and ioredis unpatched. Here the
 * import hook that lets instrumentations patch ESM imports is registered first, and the SDK
 * (./sdk.ts) is loaded only after it, by a dynamic import. docs/observability.md says what is
 * traced and which OTEL_* variables configure it.
 */
import { isMainThread } from 'node:worker_threads';
import { register } from 'import-in-the-middle/register-hooks.mjs';

// Worker threads inherit the process's --import, so this runs again in each of them (the pdf
// service's jsreport and print workers): a second SDK there would cost about 100 MiB a thread,
// trace nothing the main thread does not, and fight it for the metrics port. One per process.
if (isMainThread) {
  // Only the packages the instrumentations of ./sdk.ts patch go through the hook; every other
  // module (ours included) loads untouched. Node's built-ins also match with the node: prefix.
  register({ include: ['http', 'https', '@grpc/grpc-js', 'koa', 'kafkajs', 'ioredis', 'mongodb'] });
  await import('./sdk.ts');
}
