import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, ApiFailure, call, isApiFailure } from "../../api/client.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field, SelectField } from "../../ui/field.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import "./events.css";
import { bodyOf, type EventFormState, emptyForm, type FormErrorKey, formOf, isRequired, requiredByVisibility, SLUG, validateEvent } from "./form-model.ts";
import { type EventItem, eventQueries, eventsChanged, LOCATION_VISIBILITIES } from "./model.ts";

/** POST /api/event/{id}/upload-image (multipart, field image): JPG or PNG, re-encoded by the server. */
async function uploadCover(id: string, file: File): Promise<void> {
  const form = new FormData();
  form.append("image", file, file.name);
  await call(api.POST("/api/event/{id}/upload-image", { params: { path: { id } }, body: {}, bodySerializer: () => form }));
}

/** /event/create and /event/:eventId/edit (spec 2.3, 5 Event form). */
export function EventFormPage({ eventId }: { eventId?: string | undefined }) {
  const { t } = useTranslation("events");
  const errorText = useErrorText();
  // The default title and description are edited, whatever the interface language.
  const existing = useQuery({ ...eventQueries.one(eventId ?? "", ""), enabled: eventId !== undefined });
  if (eventId === undefined)
    return (
      <main className="page page-narrow" id="content">
        <EventForm />
      </main>
    );
  return (
    <main className="page page-narrow" id="content">
      {existing.isPending ? (
        <Skeleton lines={8} label={t("loading", { ns: "common" })} />
      ) : existing.isError ? (
        <Alert kind="error">{errorText(existing.error)}</Alert>
      ) : !existing.data.isOrganizer ? (
        <Alert kind="error">{t("form.notOrganizer")}</Alert>
      ) : (
        <EventForm event={existing.data} />
      )}
    </main>
  );
}

function useSlugCheck(slug: string, excludeId: string | undefined) {
  const [debounced, setDebounced] = useState(slug);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(slug.trim()), 400);
    return () => clearTimeout(id);
  }, [slug]);
  return useQuery({
    queryKey: ["events", "slug", debounced, excludeId],
    queryFn: () => call(api.GET("/api/event/slug/available", { params: { query: { slug: debounced, ...(excludeId ? { excludeId } : {}) } } })),
    enabled: debounced !== "" && SLUG.test(debounced),
    staleTime: 10_000,
  });
}

function EventForm({ event }: { event?: EventItem }) {
  const { t } = useTranslation("events");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const community = useCommunity();
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [form, setForm] = useState<EventFormState>(() => (event ? formOf(event) : emptyForm(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")));
  const [touched, setTouched] = useState(false);
  const errors = validateEvent(form);
  const slugCheck = useSlugCheck(form.slug, event?.id);
  const slugTaken = slugCheck.data !== undefined && slugCheck.data.slug === form.slug.trim() && !slugCheck.data.available;

  const save = useMutation({
    mutationFn: async () => {
      const body = bodyOf(form);
      const saved = event
        ? await call(api.PATCH("/api/event/{id}", { params: { path: { id: event.id } }, body }))
        : await call(api.POST("/api/event/create", { body }));
      if (cover) {
        try {
          await uploadCover(saved.id, cover);
        } catch {
          // The event is saved; only the picture failed: say so on the edit form.
          void eventsChanged(queryClient);
          setCoverError(t("form.coverFailed"));
          if (!event) void navigate({ to: "/event/$eventId/edit", params: { eventId: saved.id } });
          throw new ApiFailure({ code: 1000, msg: t("form.coverFailed") }, 400);
        }
      }
      return saved;
    },
    onSuccess: (saved) => {
      void eventsChanged(queryClient);
      void navigate({ to: "/event/$eventId", params: { eventId: saved.slug || saved.id } });
    },
  });
  const setTranslation = (lang: "en" | "ru", field: "title" | "description", value: string) =>
    setForm((f) => {
      const current = f.translations[lang] ?? { title: "", description: "" };
      return { ...f, translations: { ...f.translations, [lang]: { ...current, [field]: value } } };
    });
  const serverFields = save.isError && isApiFailure(save.error) ? save.error.fields : {};

  const set =
    <K extends keyof EventFormState>(k: K) =>
    (v: EventFormState[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const err = (k: keyof EventFormState): string | null => {
    const key: FormErrorKey | undefined = k === "slug" && slugTaken ? "slugTaken" : errors[k];
    if (key && (touched || key === "slugTaken" || key === "slugFormat")) return t(`form.errors.${key}`);
    const server = serverFields[k] ?? serverFields[`location.${k}`];
    return server ?? null;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0 || slugTaken) return;
    save.mutate();
  };

  const text = (k: keyof EventFormState, required = false, extra: Record<string, unknown> = {}) => (
    <Field label={t(`form.${k}`)} value={String(form[k])} onChange={set(k) as (v: string) => void} error={err(k)} required={required} {...extra} />
  );

  return (
    <form className="event-form" onSubmit={submit} noValidate data-testid="event-form">
      <h1>{t(event ? "form.editTitle" : "form.createTitle")}</h1>
      {text("title", true)}
      <div className={`field${err("description") ? " field-invalid" : ""}`}>
        <label htmlFor="event-description">
          {t("form.description")}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea id="event-description" rows={6} value={form.description} onChange={(e) => set("description")(e.target.value)} required />
        {err("description") ? (
          <p className="field-error" role="alert">
            {err("description")}
          </p>
        ) : null}
      </div>
      {community.langChoices.length > 0 ? (
        <fieldset className="fieldset" data-testid="event-translations">
          <legend>{t("form.translations")}</legend>
          <p className="field-hint">{t("form.translationsHint")}</p>
          {community.langChoices.map((lang) => (
            <div key={lang} className="event-form-row">
              <Field
                label={t("form.translatedTitle", { lang: lang.toUpperCase() })}
                value={form.translations[lang]?.title ?? ""}
                onChange={(v) => setTranslation(lang, "title", v)}
              />
              <div className="field">
                <label htmlFor={`event-description-${lang}`}>{t("form.translatedDescription", { lang: lang.toUpperCase() })}</label>
                <textarea
                  id={`event-description-${lang}`}
                  rows={3}
                  value={form.translations[lang]?.description ?? ""}
                  onChange={(ev) => setTranslation(lang, "description", ev.target.value)}
                />
              </div>
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor="event-cover">{t("form.cover")}</label>
        {event?.imageUrl ? <img src={event.imageUrl} alt="" className="event-thumb" width={120} /> : null}
        <input
          id="event-cover"
          type="file"
          accept="image/jpeg,image/png"
          onChange={(ev) => {
            setCoverError(null);
            setCover(ev.target.files?.[0] ?? null);
          }}
        />
        <p className="field-hint">{t("form.coverHint")}</p>
        {coverError ? (
          <p className="field-error" role="alert">
            {coverError}
          </p>
        ) : null}
      </div>
      <Field
        label={t("form.slug")}
        value={form.slug}
        onChange={set("slug")}
        error={err("slug")}
        hint={slugCheck.data?.available && slugCheck.data.slug === form.slug.trim() ? t("form.slugFree") : t("form.slugHint")}
      />
      <div className="event-form-row">
        {text("date", true, { type: "date" })}
        {text("time", true, { type: "time" })}
        {text("endTime", false, { type: "time" })}
      </div>
      {text("timeZone", true)}
      {event ? <p className="muted small">{t("form.attendeesTold")}</p> : null}
      <div className="event-form-row">
        <SelectField
          label={t("form.type")}
          value={form.type}
          onChange={set("type")}
          options={[
            { value: "OFFLINE", label: t("form.offline") },
            { value: "ONLINE", label: t("form.onlineType") },
          ]}
        />
        <SelectField
          label={t("form.visibility")}
          value={form.visibility}
          onChange={set("visibility")}
          options={[
            { value: "PUBLIC", label: t("form.public") },
            { value: "PRIVATE", label: t("form.privateOption") },
          ]}
        />
      </div>
      {form.type === "ONLINE" ? text("onlineLink", true, { type: "url" }) : null}
      <div className="event-form-row">
        {text("country", isRequired(form, "country"))}
        {text("city", isRequired(form, "city"))}
      </div>
      <div className="event-form-row">
        {text("region", requiredByVisibility(form, "region"))}
        {text("postalCode", requiredByVisibility(form, "postalCode"))}
      </div>
      {text("address", requiredByVisibility(form, "address"))}
      {text("googleMapsLink", false, { type: "url" })}
      <SelectField
        label={t("form.locationVisibility")}
        value={form.locationVisibility}
        onChange={set("locationVisibility")}
        options={LOCATION_VISIBILITIES.map((v) => ({ value: v, label: t(`form.locationVisibilities.${v}`) }))}
      />
      <div className="event-form-row">
        {text("latitude", false, { inputMode: "decimal" })}
        {text("longitude", false, { inputMode: "decimal" })}
      </div>
      <label className="check">
        <input type="checkbox" checked={form.paid} onChange={(e) => set("paid")(e.target.checked)} /> {t("form.paid")}
      </label>
      {form.paid ? (
        <div className="event-form-row">
          {text("price", true, { inputMode: "decimal" })}
          {text("paymentLink", true, { type: "url" })}
        </div>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={form.enableOnboarding} onChange={(e) => set("enableOnboarding")(e.target.checked)} /> {t("form.enableOnboarding")}
      </label>
      <label className="check">
        <input type="checkbox" checked={form.approvalRequired} onChange={(e) => set("approvalRequired")(e.target.checked)} /> {t("form.approvalRequired")}
      </label>
      {text("maxParticipants", false, { inputMode: "numeric" })}
      {text("organizerContact", true)}
      <label className="check">
        <input type="checkbox" checked={form.networking} onChange={(e) => set("networking")(e.target.checked)} /> {t("form.networking")}
      </label>
      {form.networking ? text("networkingOpensHours", false, { inputMode: "numeric" }) : null}
      {save.isError ? <Alert kind="error">{isApiFailure(save.error) && save.error.status === 400 ? save.error.message : errorText(save.error)}</Alert> : null}
      <div className="event-actions">
        <Button type="submit" busy={save.isPending}>
          {t(event ? "form.save" : "form.create")}
        </Button>
      </div>
    </form>
  );
}
