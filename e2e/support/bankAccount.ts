/** The bank account the e2e store is configured with (EFT_* variables), made up for the suite. */
export const E2E_BANK_ACCOUNT = {
  EFT_BANK: 'Suite Bank of Jacaranda',
  EFT_ACCOUNT_HOLDER: 'Jacaranda E2E Trading',
  EFT_ACCOUNT_NUMBER: '6200 123 4567',
  EFT_ACCOUNT_TYPE: 'Cheque / current',
  EFT_BRANCH_CODE: '250655',
} as const;
