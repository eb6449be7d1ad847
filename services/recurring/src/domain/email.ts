/**
 * The follow-up email in the document's language (spec §1.2), for each of the 12 document
 * languages; the attached PDF carries the full localized document.
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

const words: Record<string, Words | undefined> = {
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
  nl: {
    subject: (n, s) => `Factuur ${n} van ${s}`,
    greeting: (name) => `Beste ${name},`,
    body: (n, amount, due) => `Bijgaand ontvangt u factuur ${n} van ${amount}, te voldoen uiterlijk ${due}.`,
    link: 'U kunt de factuur ook online bekijken:',
    closing: (s) => `Met vriendelijke groet,\n${s}`,
  },
  it: {
    subject: (n, s) => `Fattura ${n} da ${s}`,
    greeting: (name) => `Gentile ${name},`,
    body: (n, amount, due) => `in allegato trova la fattura ${n} di ${amount}, con scadenza il ${due}.`,
    link: 'Può anche consultarla online:',
    closing: (s) => `Grazie,\n${s}`,
  },
  pt: {
    subject: (n, s) => `Fatura ${n} de ${s}`,
    greeting: (name) => `Prezado(a) ${name},`,
    body: (n, amount, due) => `Segue em anexo a fatura ${n} no valor de ${amount}, com vencimento em ${due}.`,
    link: 'Você também pode visualizá-la online:',
    closing: (s) => `Obrigado,\n${s}`,
  },
  zh: {
    subject: (n, s) => `来自 ${s} 的发票 ${n}`,
    greeting: (name) => `${name}，您好：`,
    body: (n, amount, due) => `附件是发票 ${n}，金额为 ${amount}，请于 ${due} 前付款。`,
    link: '您也可以在线查看：',
    closing: (s) => `谢谢！\n${s}`,
  },
  ja: {
    subject: (n, s) => `${s} より請求書 ${n} のお知らせ`,
    greeting: (name) => `${name} 様`,
    body: (n, amount, due) => `請求書 ${n}（${amount}）を添付いたします。お支払期限は ${due} です。`,
    link: 'オンラインでもご確認いただけます：',
    closing: (s) => `よろしくお願いいたします。\n${s}`,
  },
  hi: {
    subject: (n, s) => `${s} की ओर से चालान ${n}`,
    greeting: (name) => `प्रिय ${name},`,
    body: (n, amount, due) => `कृपया संलग्न चालान ${n} देखें, राशि ${amount}, देय तिथि ${due}।`,
    link: 'आप इसे ऑनलाइन भी देख सकते हैं:',
    closing: (s) => `धन्यवाद,\n${s}`,
  },
  ar: {
    subject: (n, s) => `الفاتورة ${n} من ${s}`,
    greeting: (name) => `عزيزي/عزيزتي ${name}،`,
    body: (n, amount, due) => `مرفق الفاتورة ${n} بمبلغ ${amount}، وتاريخ استحقاقها ${due}.`,
    link: 'يمكنك أيضاً عرضها عبر الإنترنت:',
    closing: (s) => `شكراً لك،\n${s}`,
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
