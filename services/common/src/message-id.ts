/**
 * Stable Message-IDs (docs/architecture.md#mail). A message that may be sent again after a send
 * whose outcome was unknown (a follow-up, a webhook deactivation notice) carries the same
 * Message-ID every time, so a receiving system can tell the copy for what it is; nodemailer would
 * make a random one per send.
 */

/**
 * `<part1.part2…@domain>`. Each part is percent-encoded outside `[A-Za-z0-9_-]`, so the id is valid
 * RFC 5322 dot-atom text and distinct part lists never share one.
 */
export function stableMessageId(parts: string[], domain: string): string {
  return `<${parts.map(atom).join('.')}@${domain}>`;
}

const atom = (part: string) =>
  encodeURIComponent(part).replace(/[.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The domain of the sender's address in a From header (`Invoices <invoices@example.com>`): the
 * Message-ID's right side. A From without one stops the service's start, naming `setting`.
 */
export function mailDomain(from: string, setting: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (!address.includes('@') || !/^[A-Za-z0-9.-]+$/.test(domain) || domain.startsWith('.') || domain.endsWith('.'))
    throw new Error(`${setting} has no address with a domain: ${from}`);
  return domain.toLowerCase();
}
