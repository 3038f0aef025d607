import { useTranslation } from "../i18n/first-paint.ts";
import type { useEmailField } from "../lib/use-email-field.ts";
import { Field } from "./field.tsx";

/** The e-mail input of every sign-in form, driven by useEmailField (format error, 2.5 s display). */
export function EmailField({ email, required = true }: { email: ReturnType<typeof useEmailField>; required?: boolean }) {
  const tCommon = useTranslation("common").t;
  const tErr = useTranslation("errors").t;
  return (
    <Field
      label={tCommon("email")}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={tCommon("emailPlaceholder")}
      value={email.value}
      onChange={email.setValue}
      error={email.error ? tErr(email.error) : null}
      required={required}
    />
  );
}
