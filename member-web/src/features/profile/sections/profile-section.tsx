import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type GeoLocation, geoLookupAvailable, lookUpLocation } from "../../../app/geo-lookup.ts";
import { Button } from "../../../ui/button.tsx";
import { Field } from "../../../ui/field.tsx";
import { PinIcon } from "../../../ui/icons.tsx";
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
  const location = useLocationDetection(city, setCity);

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
      // The detected point goes with the detected city; another city typed by hand drops an old point.
      ...(location.detected?.city === city.trim() && location.detected.latitude !== null
        ? { latitude: location.detected.latitude, longitude: location.detected.longitude }
        : city.trim() !== (profile.city ?? "")
          ? { latitude: null, longitude: null }
          : {}),
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
      <div className="city-field">
        <Field
          label={t("fields.city")}
          value={city}
          onChange={field("city", setCity)}
          error={s.fieldErrors.city}
          hint={location.status === "detected" && location.detected?.city === city ? t("location.detected") : undefined}
          autoComplete="address-level2"
        />
        {location.available ? (
          <Button variant="secondary" className="btn-small city-detect" busy={location.status === "busy"} onClick={() => void location.detect()}>
            <PinIcon size={16} /> {t("location.detect")}
          </Button>
        ) : null}
      </div>
      {location.status === "failed" ? (
        <p className="field-error" role="alert" data-testid="location-failed">
          {t("location.failed")}
        </p>
      ) : null}
      <Switch label={t("fields.shareLocation")} hint={t("fields.shareLocationHint")} checked={shareLocation} onChange={setShareLocation} />
      <TagsInput value={tags} onChange={setTags} error={s.fieldErrors.tags} />
    </SectionFormShell>
  );
}


type Detection = {
  available: boolean;
  status: "idle" | "busy" | "detected" | "failed";
  detected: GeoLocation | null;
  detect: () => Promise<void>;
};

/**
 * The location step's detection (spec 2.3, 8): with GEO_LOOKUP_URL set, the city is asked of the
 * lookup once when the member has none yet (quietly: a city typed meanwhile is kept, and no answer
 * says nothing), and again on "Detect my city", where no city in the answer says "enter it
 * manually". The answer only fills the field; it is saved with the step.
 */
function useLocationDetection(city: string, setCity: (city: string) => void): Detection {
  const available = geoLookupAvailable();
  const [status, setStatus] = useState<Detection["status"]>("idle");
  const [detected, setDetected] = useState<GeoLocation | null>(null);
  const asked = useRef(false);
  const cityRef = useRef(city);
  cityRef.current = city;
  const setCityRef = useRef(setCity);
  setCityRef.current = setCity;

  const run = async (who: "member" | "auto") => {
    setStatus("busy");
    const found = await lookUpLocation();
    if (!found?.city || (who === "auto" && cityRef.current.trim())) {
      setStatus(who === "member" && !found?.city ? "failed" : "idle");
      return;
    }
    setDetected(found);
    setCityRef.current(found.city);
    setStatus("detected");
  };
  const runRef = useRef(run);
  runRef.current = run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the city the step opened with
  useEffect(() => {
    if (!available || asked.current || cityRef.current.trim()) return;
    asked.current = true;
    void runRef.current("auto");
  }, [available]);

  return { available, status, detected, detect: () => run("member") };
}
