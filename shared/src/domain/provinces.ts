/** South Africa's nine provinces, for addresses. */
export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;

export type Province = (typeof PROVINCES)[number];

export function isProvince(value: string): value is Province {
  return (PROVINCES as readonly string[]).includes(value);
}
