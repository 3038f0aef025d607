import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { useLegalDocuments } from "../../app/legal-documents.ts";

/** The required agreement (spec 2.3): links to the community's documents, or plain names. */
export function PolicyCheckbox({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t, i18n } = useTranslation("auth");
  const community = useCommunity();
  const { policyLinks } = community;
  // Spec 1 / 7: the community's own documents, or the set of the visitor's country.
  const documents = useLegalDocuments(community, i18n.language);
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
    <div className="checkbox" data-documents={documents.set}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} required />
      <label htmlFor={id}>
        {t("registration.agreePrefix")}
        {doc(documents.terms, t("registration.terms"))}
        {t("registration.and")}
        {doc(documents.privacy, t("registration.privacy"))}
        <span aria-hidden="true"> *</span>
      </label>
    </div>
  );
}
