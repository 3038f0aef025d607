import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Community } from "../../../api/community.ts";
import { useCommunity } from "../../../app/community-context.tsx";
import { Alert } from "../../../ui/alert.tsx";
import { Field } from "../../../ui/field.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";
import { contactLabel } from "../contact-label.ts";
import type { FieldErrors } from "../field-errors.ts";
import { type ContactType, type ContactTypeInfo, isLinkedInProfile, normaliseLinkedIn, profileQueries, updateProfile } from "../model.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

/** The contact rules of a community: which types this step asks for and which are required. */
export function contactRules(community: Community) {
  const required = community.requiredContacts.filter((t) => community.contactsConfig.includes(t));
  const min = Math.min(community.requiredContactsMin, required.length);
  // LinkedIn has its own step when the community shows it, unless it is one of the required types here.
  const types = community.contactsConfig.filter((t) => !(t === "LINKEDIN" && community.stepsConfig.networks && !required.includes("LINKEDIN")));
  return { types, required, min, allRequired: min > 0 && min === required.length };
}

/** Step "contacts": the community's contact types with the API's placeholders and prefixes. */
export function ContactsSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const community = useCommunity();
  const infos = useQuery(profileQueries.contactTypes());
  const rules = contactRules(community);
  const [values, setValues] = useState<Partial<Record<ContactType, string>>>(() => {
    const out: Partial<Record<ContactType, string>> = {};
    for (const type of rules.types) out[type] = profile.contacts[type] ?? "";
    return out;
  });
  const s = useSectionSave(actions);

  const check = (): FieldErrors => {
    const e: FieldErrors = {};
    const given = rules.required.filter((type) => (values[type] ?? "").trim() !== "");
    if (given.length < rules.min) {
      if (rules.allRequired) for (const type of rules.required) if (!(values[type] ?? "").trim()) e[`contacts.${type}`] = t("errors.contactRequired");
      if (!rules.allRequired) e.contacts = t("errors.atLeastContacts", { count: rules.min, list: rules.required.map(contactLabel).join(", ") });
    }
    const seen = new Map<string, ContactType>();
    for (const type of rules.types) {
      const v = (values[type] ?? "").trim().toLowerCase();
      if (!v) continue;
      if (seen.has(v)) e[`contacts.${type}`] = t("errors.duplicate");
      else seen.set(v, type);
    }
    const linkedin = (values.LINKEDIN ?? "").trim();
    if (linkedin && !isLinkedInProfile(linkedin)) e["contacts.LINKEDIN"] = t("errors.linkedinFormat");
    return e;
  };

  const save = () => {
    const contacts: Partial<Record<ContactType, string | null>> = {};
    for (const type of rules.types) contacts[type] = (values[type] ?? "").trim() || null;
    if (contacts.LINKEDIN) contacts.LINKEDIN = normaliseLinkedIn(contacts.LINKEDIN) ?? contacts.LINKEDIN;
    return updateProfile({ contacts });
  };

  if (infos.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  const byType = new Map<ContactType, ContactTypeInfo>((infos.data ?? []).map((i) => [i.type, i]));
  const requiredNames = rules.required.map((type) => contactLabel(type)).join(", ");

  return (
    <SectionFormShell label={t("sections.contacts", { ns: "profile" })} actions={actions} state={s} onSubmit={() => void s.submit(check, save)}>
      {actions.confirmSaved ? <p className="muted section-intro">{t("contacts.intro")}</p> : null}
      {rules.min > 0 ? (
        <Alert kind="info">{rules.allRequired ? t("contacts.requiredAll", { list: requiredNames }) : t("contacts.requiredMin", { count: rules.min, list: requiredNames })}</Alert>
      ) : null}
      {s.fieldErrors.contacts ? (
        <p className="field-error" role="alert">
          {s.fieldErrors.contacts}
        </p>
      ) : null}
      <div className="form-grid">
        {rules.types.map((type) => {
          const info = byType.get(type);
          const key = `contacts.${type}`;
          return (
            <Field
              key={type}
              label={contactLabel(type)}
              name={type.toLowerCase()}
              type={info?.inputType ?? "text"}
              placeholder={info?.placeholder}
              hint={info?.prefix ? t("contacts.prefixHint", { prefix: info.prefix }) : undefined}
              value={values[type] ?? ""}
              onChange={(v) => {
                setValues((prev) => ({ ...prev, [type]: v }));
                s.clearField(key);
                s.clearField("contacts");
              }}
              error={s.fieldErrors[key]}
              required={rules.allRequired && rules.required.includes(type)}
              autoComplete={type === "EMAIL" ? "email" : type === "PHONE" ? "tel" : "off"}
            />
          );
        })}
      </div>
    </SectionFormShell>
  );
}
