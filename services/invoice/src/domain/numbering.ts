/** docs/architecture.md#numbering: INV-{workspace id}-{YYYYMM}-{seq}, seq zero-padded to 4 digits. */
export function formatInvoiceNumber(workspaceId: string, period: string, seq: number): string {
  return `INV-${workspaceId}-${period}-${String(seq).padStart(4, '0')}`;
}
