import test from 'ava';
import { checkEndpointUrl } from '../../src/domain/urls.ts';
import { resolveTarget } from '../../src/service/sender.ts';

const strict = { allowInsecureLoopback: false };
const dev = { allowInsecureLoopback: true };

const cases: [string, string, typeof strict, RegExp | null][] = [
  ['https with a name', 'https://hooks.example.com/in?x=1', strict, null],
  ['https with a port', 'https://hooks.example.com:8443/in', strict, null],
  ['plain http', 'http://hooks.example.com/in', strict, /must use https/],
  ['plain http to a name with the dev flag', 'http://hooks.example.com/in', dev, /must use https/],
  ['plain http to loopback with the dev flag', 'http://127.0.0.1:9000/in', dev, null],
  ['plain http to ::1 with the dev flag', 'http://[::1]:9000/in', dev, null],
  ['plain http to loopback without it', 'http://127.0.0.1:9000/in', strict, /must use https/],
  ['another scheme', 'ftp://example.com/', strict, /not ftp/],
  ['credentials', 'https://u:p@example.com/', strict, /credentials/],
  ['a fragment', 'https://example.com/#x', strict, /fragment/],
  ['not a URL', 'example.com/hooks', strict, /absolute URL/],
  ['empty', '', strict, /required/],
  ['too long', `https://example.com/${'a'.repeat(2100)}`, strict, /at most 2048/],
];
for (const [title, url, rules, expected] of cases) {
  test(`checkEndpointUrl: ${title}`, (t) => {
    const res = checkEndpointUrl(url, rules);
    if (expected === null) t.true(res.ok);
    else {
      t.false(res.ok);
      if (!res.ok) {
        t.is(res.error.path, 'url');
        t.regex(res.error.message, expected);
      }
    }
  });
}

const lookupTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

test('resolveTarget: a name resolving to a public address connects to that address', async (t) => {
  const res = await resolveTarget(new URL('https://hooks.example.com/in'), strict, lookupTo('93.184.216.34'));
  t.true(res.ok);
  if (res.ok) t.like(res.target, { address: '93.184.216.34', family: 4 });
});

test('resolveTarget: one internal address among the answers refuses the name (no rebinding mix)', async (t) => {
  const res = await resolveTarget(new URL('https://evil.example/in'), strict, lookupTo('93.184.216.34', '10.0.0.5'));
  t.false(res.ok);
  if (!res.ok) t.regex(res.error, /10\.0\.0\.5 is a private address/);
});

test('resolveTarget: IPv4-mapped IPv6 answers are judged as IPv4', async (t) => {
  const res = await resolveTarget(new URL('https://evil.example/in'), strict, lookupTo('::ffff:169.254.169.254'));
  t.false(res.ok);
  if (!res.ok) t.regex(res.error, /link-local/);
});

test('resolveTarget: an IP literal is checked without DNS', async (t) => {
  const never = async () => {
    throw new Error('no DNS for literals');
  };
  t.false((await resolveTarget(new URL('https://[fd00::1]/'), strict, never)).ok);
  t.true((await resolveTarget(new URL('https://8.8.8.8/'), strict, never)).ok);
});

test('resolveTarget: a name that does not resolve is refused', async (t) => {
  const fail = async () => {
    throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
  };
  const res = await resolveTarget(new URL('https://nowhere.example/'), strict, fail);
  t.false(res.ok);
  if (!res.ok) t.regex(res.error, /could not be resolved \(ENOTFOUND\)/);
});

test('resolveTarget: plain http with the dev flag must resolve to loopback', async (t) => {
  t.true((await resolveTarget(new URL('http://localhost:9/'), dev, lookupTo('127.0.0.1', '::1'))).ok);
  const res = await resolveTarget(new URL('http://localhost:9/'), dev, lookupTo('93.184.216.34'));
  t.false(res.ok);
});
