import { DateField, type DateFieldProps, useLocale } from "react-admin";

/**
 * react-admin's DateField in the console's language: without `locales` it formats in the
 * browser's ("11/28/2026, 10:18:03 PM" on a Russian screen).
 */
export function LocaleDateField(props: DateFieldProps) {
  const locale = useLocale();
  return <DateField locales={locale} {...props} />;
}
