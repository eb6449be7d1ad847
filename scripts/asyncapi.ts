/**
 * Writes docs/asyncapi.json, the event contract, from the TypeBox schemas in
 * services/gateway/src/http/schemas/events.ts. `pnpm asyncapi`; test/contracts checks it is current.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from '../services/gateway/src/http/schemas/events.ts';

export const asyncApiPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'asyncapi.json');

export function asyncApiText(): string {
  return `${JSON.stringify(buildAsyncApi('1.0.0'), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(asyncApiPath, asyncApiText());
