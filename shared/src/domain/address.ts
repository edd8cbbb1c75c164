/** The nine provinces of South Africa, as shoppers write them on an address. */
export const SA_PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export type SaProvince = (typeof SA_PROVINCES)[number];

export function isSaProvince(value: string): value is SaProvince {
  return (SA_PROVINCES as readonly string[]).includes(value);
}

/** South African postal codes are four digits (0001 to 9999, leading zeros kept). */
export const POSTAL_CODE_PATTERN = /^\d{4}$/;

export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE_PATTERN.test(value);
}
