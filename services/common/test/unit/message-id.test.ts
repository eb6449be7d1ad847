import test from 'ava';
import { mailDomain, stableMessageId } from '../../src/message-id.ts';

test('stableMessageId: the same parts give the same id, valid dot-atom text', (t) => {
  const id = stableMessageId(['whe_3kQ9xZ:2'], 'example.com');
  t.is(id, '<whe_3kQ9xZ%3A2@example.com>');
  t.is(stableMessageId(['whe_3kQ9xZ:2'], 'example.com'), id);
  t.not(stableMessageId(['whe_3kQ9xZ:3'], 'example.com'), id);
  // Characters outside an atom are encoded, so part lists that would read alike stay apart.
  t.not(stableMessageId(['a.b', 'c'], 'example.com'), stableMessageId(['a', 'b.c'], 'example.com'));
  t.regex(stableMessageId(["x (y)!~*'", 'z'], 'example.com'), /^<[A-Za-z0-9%_-]+\.z@example\.com>$/);
});

test('mailDomain: the domain of the From address, or a refusal to start naming the setting', (t) => {
  t.is(mailDomain('Invoices <invoices@Invoice-Platform.local>', 'MAIL_FROM'), 'invoice-platform.local');
  t.is(mailDomain('billing@example.com', 'MAIL_FROM'), 'example.com');
  t.is(mailDomain('"Acme @ Billing" <billing@mail.example.com>', 'MAIL_FROM'), 'mail.example.com');
  t.throws(() => mailDomain('Invoices', 'MAIL_FROM'), { message: /^MAIL_FROM has no address/ });
  t.throws(() => mailDomain('Invoices <invoices@>', 'WEBHOOK_MAIL_FROM'), { message: /^WEBHOOK_MAIL_FROM has no/ });
});
