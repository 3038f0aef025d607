import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../ui/field.tsx";
import { Switch } from "../controls.tsx";
import type { FieldErrors } from "../field-errors.ts";
import { LIMITS, updateProfile } from "../model.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";
import { TagsInput } from "./tags-input.tsx";

/** Step "profile": name, work, city with the share-location switch, tags. */
export function ProfileSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [company, setCompany] = useState(profile.company ?? "");
  const [position, setPosition] = useState(profile.position ?? "");
  const [city, setCity] = useState(profile.city ?? "");
  const [shareLocation, setShareLocation] = useState(profile.shareLocation);
  const [tags, setTags] = useState(profile.tags);
  const s = useSectionSave(actions);

  const check = (): FieldErrors => {
    const e: FieldErrors = {};
    const between = t("errors.lengthBetween", { min: 1, max: LIMITS.name });
    if (!firstName.trim() || firstName.trim().length > LIMITS.name) e.firstName = firstName.trim() ? between : t("errors.required");
    if (!lastName.trim() || lastName.trim().length > LIMITS.name) e.lastName = lastName.trim() ? between : t("errors.required");
    if (company.length > LIMITS.company) e.company = t("errors.tooLong", { max: LIMITS.company });
    if (position.length > LIMITS.position) e.position = t("errors.tooLong", { max: LIMITS.position });
    if (city.length > LIMITS.city) e.city = t("errors.tooLong", { max: LIMITS.city });
    return e;
  };

  const save = () =>
    updateProfile({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      company: company.trim() || null,
      position: position.trim() || null,
      city: city.trim() || null,
      shareLocation,
      tags,
    });

  const field = (key: string, setter: (v: string) => void) => (v: string) => {
    setter(v);
    s.clearField(key);
  };

  return (
    <SectionFormShell label={t("sections.profile", { ns: "profile" })} actions={actions} state={s} onSubmit={() => void s.submit(check, save)}>
      <div className="form-grid">
        <Field label={t("fields.firstName")} value={firstName} onChange={field("firstName", setFirstName)} error={s.fieldErrors.firstName} autoComplete="given-name" maxLength={LIMITS.name + 10} required />
        <Field label={t("fields.lastName")} value={lastName} onChange={field("lastName", setLastName)} error={s.fieldErrors.lastName} autoComplete="family-name" maxLength={LIMITS.name + 10} required />
        <Field label={t("fields.company")} value={company} onChange={field("company", setCompany)} error={s.fieldErrors.company} autoComplete="organization" />
        <Field label={t("fields.position")} value={position} onChange={field("position", setPosition)} error={s.fieldErrors.position} autoComplete="organization-title" />
      </div>
      <Field label={t("fields.city")} value={city} onChange={field("city", setCity)} error={s.fieldErrors.city} autoComplete="address-level2" />
      <Switch label={t("fields.shareLocation")} hint={t("fields.shareLocationHint")} checked={shareLocation} onChange={setShareLocation} />
      <TagsInput value={tags} onChange={setTags} error={s.fieldErrors.tags} />
    </SectionFormShell>
  );
}

