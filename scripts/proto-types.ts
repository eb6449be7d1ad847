/**
 * Writes the TypeScript types of every message and service in protos/ into
 * protos/types/ with proto-loader-gen-types (the workspace package
 * @invoice-platform/protos), under the options the services load
 * the protos with (services/common/src/grpc.ts LOADER_OPTIONS). `pnpm protos:types`;
 * test/contracts/proto-types.test.ts checks the committed types are current. Never edit them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const generatedDir = path.join(root, 'protos/types');
const protosDir = path.join(root, 'protos');
const generator = path.join(root, 'protos/node_modules/.bin/proto-loader-gen-types');

function protoFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? protoFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
        : e.name.endsWith('.proto')
          ? [`${prefix}${e.name}`]
          : [],
    )
    .sort();
}

/** Generates into `outDir` (emptied first). */
export function generateProtoTypes(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    generator,
    [
      // The same shape as LOADER_OPTIONS: snake_case fields, 64-bit integers and enums as strings,
      // defaults filled in, oneof names present.
      '--keepCase',
      '--longs=String',
      '--enums=String',
      '--defaults',
      '--oneofs',
      '--grpcLib=@grpc/grpc-js',
      '--importFileExtension=.ts',
      // Relative paths: the generated files name their proto, the same in every checkout.
      '-I',
      'protos',
      '-O',
      outDir,
      ...protoFiles(protosDir),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateProtoTypes(generatedDir);
