import type { RenderRequest } from './document.ts';

/**
 * A complete document used to test-render a workspace template before it is stored
 * (pdf.proto UpsertWorkspaceTemplate), and by the tests and the benchmark.
 */
export function sampleRenderRequest(overrides: Partial<RenderRequest> = {}): RenderRequest {
  return {
    workspace_id: 'WSSAMPLE01',
    invoice_id: 'inv_sample',
    template_id: 'classic',
    document_language: 'en',
    status_marking: 'UNPAID',
    invoice_sequence: 1,
    document: {
      invoice_id: 'inv_sample',
      invoice_number: 'INV-WSSAMPLE01-202503-0007',
      issue_date: '2025-03-01T09:30:00.000Z',
      due_date: '2025-03-15',
      invoice_status: 'unpaid',
      currency: 'IDR',
      seller: {
        name: 'Maju Jaya Studio',
        email: 'billing@majujaya.example',
        tax_id: '01.234.567.8-901.000',
        address_lines: ['Jl. Sudirman No. 1', 'Jakarta 10220', 'Indonesia'],
      },
      customer: {
        name: 'PT Sinar Terang',
        email: 'finance@sinarterang.example',
        tax_id: '09.876.543.2-109.000',
        address_lines: ['Jl. Gatot Subroto 42', 'Bandung 40262'],
      },
      items: [
        {
          description: 'Brand identity design',
          quantity: '1',
          price: '1000000',
          unit: 'project',
          line_amount: '1000000',
          discount_share: '0',
          effective_tax_rate: '11',
        },
        {
          description: 'Website maintenance',
          quantity: '2.5',
          price: '200000',
          discount: '50000',
          unit: 'hours',
          line_amount: '450000',
          discount_share: '0',
          effective_tax_rate: '11',
        },
        {
          description: 'Stock photo licence',
          quantity: '3',
          price: '50000',
          tax_rate: '0',
          line_amount: '150000',
          discount_share: '0',
          effective_tax_rate: '0',
        },
      ],
      subtotal: '1600000',
      discount_total: '0',
      tax_rate: '11',
      tax_amount: '159500',
      amount: '1759500',
      notes: 'Thank you for your business.',
      custom_payment_notes: 'Please quote the invoice number with your transfer.',
      footer_text: 'Maju Jaya Studio · Jakarta · majujaya.example',
      payment_account: {
        id: 'pa_1',
        label: 'Main account',
        bank_name: 'Bank Central Asia',
        account_name: 'Maju Jaya Studio',
        account_number: '123 456 7890',
      },
      payment_gateway: 'xendit',
      payment_url: 'https://invoices.example/p/invoice/inv_sample',
      time_zone: 'Asia/Jakarta',
      is_recurring: false,
      recurring_interval: 'none',
      // No credit note or payment yet: the document prints no balance (docs/money-trail.md).
      credit_notes: [],
      payments: [],
      amount_credited: '0',
      amount_paid: '0',
      amount_due: '1759500',
    },
    ...overrides,
  };
}

/**
 * The sample invoice once a credit note and two payments exist: its PDF lists them and prints what
 * was credited, paid and is still due (InvoiceDocument fields 25–29).
 */
export function sampleInvoiceWithBalanceRequest(overrides: Partial<RenderRequest> = {}): RenderRequest {
  const req = sampleRenderRequest(overrides);
  Object.assign(req.document!, {
    credit_notes: [
      {
        credit_note_number: 'CN-WSSAMPLE01-202503-0001',
        created_at: '2025-03-05T10:00:00.000Z',
        amount: '166500',
        reason: 'Stock photo licence not used',
      },
    ],
    payments: [
      { paid_at: '2025-03-08T08:00:00.000Z', amount: '500000', method: 'bank_transfer', reference: 'TRF-88213' },
      { paid_at: '2025-03-10T12:30:00.000Z', amount: '93000', method: 'online' },
    ],
    amount_credited: '166500',
    amount_paid: '593000',
    amount_due: '1000000',
  });
  return req;
}

/**
 * A credit note of the sample invoice (pdf.proto RenderRequest.credit_note): its own number and id,
 * one credited line, no status and no due date. Used by the tests and by the test-render of a
 * workspace template that prints credit notes.
 */
export function sampleCreditNoteRequest(overrides: Partial<RenderRequest> = {}): RenderRequest {
  const req = sampleRenderRequest({
    invoice_id: 'cn_sample',
    status_marking: '',
    credit_note: {
      credit_note_id: 'cn_sample',
      credit_note_number: 'CN-WSSAMPLE01-202503-0001',
      invoice_id: 'inv_sample',
      invoice_number: 'INV-WSSAMPLE01-202503-0007',
      invoice_issue_date: '2025-03-01T09:30:00.000Z',
      reason: 'Stock photo licence not used',
    },
    ...overrides,
  });
  Object.assign(req.document!, {
    invoice_id: 'cn_sample',
    invoice_number: 'CN-WSSAMPLE01-202503-0001',
    issue_date: '2025-03-05T10:00:00.000Z',
    due_date: '',
    items: [
      {
        description: 'Stock photo licence',
        quantity: '3',
        price: '50000',
        tax_rate: '11',
        line_amount: '150000',
        discount_share: '0',
        effective_tax_rate: '11',
      },
    ],
    subtotal: '150000',
    discount_total: '0',
    tax_rate: '11',
    tax_amount: '16500',
    amount: '166500',
    notes: undefined,
    custom_payment_notes: undefined,
    payment_account: null,
    payment_gateway: undefined,
    payment_url: undefined,
    amount_due: '0',
  });
  return req;
}
