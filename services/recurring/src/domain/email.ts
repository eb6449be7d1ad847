/**
 * The follow-up email in the document's language (spec §1.2). Languages without a translation
 * here fall back to English words; the attached PDF carries the full localized document.
 */
interface Words {
  subject: (number: string, seller: string) => string;
  greeting: (name: string) => string;
  body: (number: string, amount: string, due: string) => string;
  link: string;
  closing: (seller: string) => string;
}

const en: Words = {
  subject: (n, s) => `Invoice ${n} from ${s}`,
  greeting: (name) => `Dear ${name},`,
  body: (n, amount, due) => `Please find attached invoice ${n} for ${amount}, due on ${due}.`,
  link: 'You can also view it online:',
  closing: (s) => `Thank you,\n${s}`,
};

const words: Record<string, Words> = {
  en,
  id: {
    subject: (n, s) => `Faktur ${n} dari ${s}`,
    greeting: (name) => `Yth. ${name},`,
    body: (n, amount, due) => `Terlampir faktur ${n} sebesar ${amount}, jatuh tempo pada ${due}.`,
    link: 'Anda juga dapat melihatnya secara online:',
    closing: (s) => `Terima kasih,\n${s}`,
  },
  es: {
    subject: (n, s) => `Factura ${n} de ${s}`,
    greeting: (name) => `Estimado/a ${name}:`,
    body: (n, amount, due) => `Adjuntamos la factura ${n} por ${amount}, con vencimiento el ${due}.`,
    link: 'También puede verla en línea:',
    closing: (s) => `Gracias,\n${s}`,
  },
  fr: {
    subject: (n, s) => `Facture ${n} de ${s}`,
    greeting: (name) => `Bonjour ${name},`,
    body: (n, amount, due) =>
      `Veuillez trouver ci-joint la facture ${n} d'un montant de ${amount}, à régler avant le ${due}.`,
    link: 'Vous pouvez aussi la consulter en ligne :',
    closing: (s) => `Merci,\n${s}`,
  },
  de: {
    subject: (n, s) => `Rechnung ${n} von ${s}`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (n, amount, due) => `anbei erhalten Sie die Rechnung ${n} über ${amount}, fällig am ${due}.`,
    link: 'Sie können sie auch online ansehen:',
    closing: (s) => `Vielen Dank,\n${s}`,
  },
};

export interface FollowUpMail {
  subject: string;
  text: string;
}

export function followUpMail(input: {
  language: string;
  invoiceNumber: string;
  seller: string;
  customerName: string;
  amount: string;
  currency: string;
  dueDate: string;
  url: string;
}): FollowUpMail {
  const w = words[input.language] ?? en;
  const locale = words[input.language] ? input.language : 'en';
  const amount = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: input.currency,
    currencyDisplay: 'code',
  }).format(Number(input.amount));
  const due = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${input.dueDate}T00:00:00Z`),
  );
  return {
    subject: w.subject(input.invoiceNumber, input.seller),
    text: [
      w.greeting(input.customerName),
      '',
      w.body(input.invoiceNumber, amount, due),
      '',
      w.link,
      input.url,
      '',
      w.closing(input.seller),
    ].join('\n'),
  };
}
