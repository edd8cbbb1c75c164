/**
 * Where EFT payments go. SAMPLE details: the shop has not given its real account yet, so the
 * confirmation marks them as samples and nobody should pay into them. Replace before going live.
 */
export const SAMPLE_BANK_DETAILS = {
  bank: 'Sample Bank of South Africa',
  accountHolder: 'Jacaranda Trading (Pty) Ltd',
  accountNumber: '0000 000 000',
  accountType: 'Cheque / current',
  branchCode: '000000',
} as const;
