import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { repoRoot } from '../support/platform.ts';

// scripts/services.sh starts the payment service with NODE_TLS_REJECT_UNAUTHORIZED=0 (for the
// sandbox Mollie's self-signed certificate) only while every provider base URL it is given is on
// loopback. Its check, only_loopback_providers, is run here as the script defines it, over URLs
// whose host a careless reading gets wrong: the check must read the host as a URL parser does.

const run = promisify(execFile);
const script = path.join(repoRoot, 'scripts/services.sh');

/** The script's SANDBOX_VARS and only_loopback_providers, as written there. */
async function definitions(): Promise<string> {
  const text = await readFile(script, 'utf8');
  const vars = /^SANDBOX_VARS=\([^)]*\)$/m.exec(text)?.[0];
  const fn = /^only_loopback_providers\(\) \{\n[\s\S]*?\n\}$/m.exec(text)?.[0];
  if (!vars || !fn) throw new Error('scripts/services.sh: SANDBOX_VARS or only_loopback_providers() not found');
  return `${vars}\n${fn}`;
}

/** Whether the check passes with the Mollie base `url` and every other base on the sandbox's loopback. */
async function onlyLoopback(url: string): Promise<boolean> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PAYMENT_STRIPE_BASE_URL: 'http://127.0.0.1:18100',
    PAYMENT_MOLLIE_BASE_URL: url,
    PAYMENT_PAYPAL_BASE_URL: 'http://127.0.0.1:18105',
    PAYMENT_MIDTRANS_BASE_URL: 'http://127.0.0.1:18106',
    PAYMENT_XENDIT_BASE_URL: 'http://127.0.0.1:18107',
    PAYMENT_RAZORPAY_BASE_URL: 'http://127.0.0.1:18108',
  };
  const program = `set -euo pipefail\n${await definitions()}\nif only_loopback_providers; then echo yes; else echo no; fi`;
  const { stdout } = await run('bash', ['-c', program], { env });
  return stdout.trim() === 'yes';
}

const cases: [url: string, loopback: boolean, why: string][] = [
  ['https://127.0.0.1:18103/v2/', true, 'the sandbox Mollie'],
  ['http://127.0.0.1:18103', true, 'plain http'],
  ['HTTPS://127.0.0.1:18103/v2/', true, 'an upper-case scheme'],
  ['http://127.0.0.2:18103', true, 'anywhere in 127.0.0.0/8'],
  ['http://127.0.0.1.:18103', true, 'a trailing dot on an IPv4 address'],
  ['http://[::1]:18103', true, 'IPv6 loopback'],
  ['https://127.0.0.1:1@api.mollie.com/v2/', false, 'userinfo that looks like a host and port (the finding)'],
  ['https://127.0.0.1@api.mollie.com', false, 'userinfo that looks like a host'],
  ['http://user:secret@127.0.0.1:18103', false, 'userinfo at all: parsers disagree on where the host is'],
  ['http://127.0.0.1:1\\@api.mollie.com', false, 'a backslash: parsers disagree on where the host is'],
  ['https://api.mollie.com#@127.0.0.1', false, 'loopback only in the fragment'],
  ['https://api.mollie.com/127.0.0.1:1', false, 'loopback only in the path'],
  ['https://127.0.0.1.nip.io:18103', false, 'a name that starts like a loopback address'],
  ['https://localhost:18103', false, 'a name, resolved elsewhere'],
  ['https://[::ffff:7f00:1]:18103', false, 'an IPv4-mapped address is not what the sandbox uses'],
  ['https://api.mollie.com/v2/', false, 'the real provider'],
  ['ftp://127.0.0.1:18103', false, 'not http(s)'],
  ['127.0.0.1:18103', false, 'not a URL'],
  ['', false, 'unset'],
];

test('services.sh only_loopback_providers: a base is loopback only when its parsed host is', async (t) => {
  const results = await Promise.all(cases.map(([url]) => onlyLoopback(url)));
  const wrong = cases
    .filter(([, loopback], i) => results[i] !== loopback)
    .map(([url, loopback, why]) => `${url} (${why}) read as ${loopback ? 'not ' : ''}loopback`);
  t.deepEqual(wrong, []);
});
