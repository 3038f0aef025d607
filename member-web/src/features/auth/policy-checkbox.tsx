import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";

/** The required agreement (spec 2.3): links to the community's documents, or plain names. */
export function PolicyCheckbox({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation("auth");
  const { policyLinks } = useCommunity();
  const id = useId();
  const doc = (href: string | null, label: string) =>
    href && !policyLinks.asPlainText ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      label
    );
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} required />
      <label htmlFor={id}>
        {t("registration.agreePrefix")}
        {doc(policyLinks.terms, t("registration.terms"))}
        {t("registration.and")}
        {doc(policyLinks.privacy, t("registration.privacy"))}
        <span aria-hidden="true"> *</span>
      </label>
    </div>
  );
}
