import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

// A clone of the repository is all a reader has: every reference in it must lead somewhere inside
// it. The design notes and the interface text the platform was first built from live outside the
// repository, so citing them leaves a reader with nothing to open; docs/architecture.md and the
// OpenAPI document took their place.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Tracked files, as a clone has them (untracked and ignored files are not the repository). */
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && existsSync(join(root, f)) && statSync(join(root, f)).isFile());

function readText(file: string): string | undefined {
  const bytes = readFileSync(join(root, file));
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

const texts = new Map(
  tracked.flatMap((f) => ((text) => (text === undefined ? [] : [[f, text] as const]))(readText(f))),
);

// Assembled from pieces so this file does not match its own patterns.
const outsideCitations: { what: string; pattern: RegExp }[] = [
  { what: 'the design notes', pattern: new RegExp(['DESIGN', '\\.md'].join(''), 'g') },
  { what: 'a section of the interface text', pattern: new RegExp(['spec', ' §'].join(''), 'gi') },
  { what: 'the folder beside the repository', pattern: new RegExp(['\\.\\./', 'shared'].join(''), 'g') },
];

test('no tracked file cites documents that live outside the repository', (t) => {
  const found: string[] = [];
  for (const [file, text] of texts) {
    const lines = text.split('\n');
    for (const { what, pattern } of outsideCitations) {
      lines.forEach((line, i) => {
        pattern.lastIndex = 0;
        if (pattern.test(line)) found.push(`${file}:${i + 1} cites ${what}: ${line.trim().slice(0, 120)}`);
      });
    }
  }
  t.deepEqual(found, []);
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown without fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors a markdown file offers: its headings (numbered as GitHub does repeats) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  const text = prose(readFileSync(join(root, file), 'utf8'));
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  anchorCache.set(file, anchors);
  return anchors;
}

const markdownFiles = [...texts.keys()].filter((f) => f.endsWith('.md'));

test('the pages checked for links include README.md and every docs/*.md', (t) => {
  t.true(markdownFiles.includes('README.md'));
  t.true(markdownFiles.includes('docs/architecture.md'));
  t.true(markdownFiles.filter((f) => f.startsWith('docs/')).length >= 5);
});

test('every relative link in the markdown files leads to a file of the repository, and its #anchor exists', (t) => {
  const broken: string[] = [];
  for (const file of markdownFiles) {
    const text = prose(texts.get(file)!);
    const targets = [
      ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!),
    ];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …: not a file
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURI(path));
      const inside = relative(root, resolved);
      if (inside.startsWith('..')) {
        broken.push(`${file}: ${target} leaves the repository`);
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} does not exist`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(inside).has(anchor)) {
        broken.push(`${file}: ${target} names no heading of ${inside}`);
      }
    }
  }
  t.deepEqual(broken, []);
});

test('every citation of docs/architecture.md names one of its sections', (t) => {
  const sections = anchorsOf('docs/architecture.md');
  t.true(sections.size >= 20, 'the page has its sections');
  const broken: string[] = [];
  for (const [file, text] of texts) {
    text.split('\n').forEach((line, i) => {
      for (const [, anchor] of line.matchAll(/docs\/architecture\.md#([\p{L}\p{N}_-]+)/gu)) {
        if (!sections.has(anchor!)) broken.push(`${file}:${i + 1}: #${anchor} is not a section`);
      }
    });
  }
  t.deepEqual(broken, []);
});
