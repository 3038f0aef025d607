import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { type Availability, type AvailabilityWindow, browserTimeZone, MEETING_FORMATS, type MeetingFormat, meetingQueries, saveAvailability, timeZones } from "./model.ts";
import "./meetings.css";
import { readAgain } from "../../lib/refresh.ts";

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Day = (typeof DAYS)[number];

/** The availability card of /profile: weekly windows in my time zone, preferred formats, city. */
export function AvailabilitySection() {
  const { t } = useTranslation("availability");
  const errorText = useErrorText();
  const query = useQuery(meetingQueries.availability());
  if (query.data && !query.data.enabled) return null;
  return (
    <section className="card" id="section-availability" aria-labelledby="heading-availability">
      <h2 id="heading-availability">{t("title")}</h2>
      <p className="muted">{t("hint")}</p>
      <p>
        <Link to="/meetings">{t("title", { ns: "meetings" })}</Link>
      </p>
      {query.isPending ? (
        <Skeleton lines={3} label={t("loading", { ns: "common" })} />
      ) : query.isError ? (
        <Alert kind="error">{errorText(query.error)}</Alert>
      ) : (
        <AvailabilityForm initial={query.data} />
      )}
    </section>
  );
}

/** What the onboarding flow puts in the form: its submit label, what follows a save, its other buttons. */
export type AvailabilityStepActions = { submitLabel: string; onSaved: () => void; extra: ReactNode };

/** The onboarding step (tenant.json `meetings.onboardingStep`): the same form, saving moves on. */
export function AvailabilityStep({ actions }: { actions: AvailabilityStepActions }) {
  const errorText = useErrorText();
  const { t } = useTranslation("availability");
  const query = useQuery(meetingQueries.availability());
  if (query.isPending) return <Skeleton lines={3} label={t("loading", { ns: "common" })} />;
  if (query.isError) return <Alert kind="error">{errorText(query.error)}</Alert>;
  return (
    <div className="card" data-testid="onboarding-availability">
      <AvailabilityForm initial={query.data} actions={actions} />
    </div>
  );
}

function AvailabilityForm({ initial, actions }: { initial: Availability; actions?: AvailabilityStepActions }) {
  const { t } = useTranslation("availability");
  const tm = useTranslation("meetings").t;
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const zoneId = useId();
  const [timeZone, setTimeZone] = useState(initial.isDefault ? browserTimeZone() : initial.timeZone);
  const [windows, setWindows] = useState<AvailabilityWindow[]>(initial.windows);
  const [formats, setFormats] = useState<MeetingFormat[]>(initial.formats);
  const [city, setCity] = useState(initial.city ?? "");
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => saveAvailability({ timeZone, windows, formats, city: city.trim() || null }),
    onSuccess: (data) => {
      queryClient.setQueryData(meetingQueries.availability().queryKey, data);
      void readAgain(queryClient, { queryKey: ["meetings", "list"] });
      setSaved(true);
      actions?.onSaved();
    },
  });
  // Any edit after a save takes the "saved" line away.
  const edited =
    <A extends unknown[]>(f: (...args: A) => void) =>
    (...args: A) => {
      setSaved(false);
      f(...args);
    };
  const setWindow = edited((i: number, patch: Partial<AvailabilityWindow>) => setWindows((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w))));
  const toggleFormat = edited((f: MeetingFormat, on: boolean) => setFormats((fs) => (on ? [...fs.filter((x) => x !== f), f] : fs.filter((x) => x !== f))));

  return (
    <form
      className="availability-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {initial.isDefault ? <p className="small muted">{t("usingDefaults")}</p> : null}
      <div className="field">
        <label htmlFor={zoneId}>{t("timeZone")}</label>
        <select id={zoneId} className="select" value={timeZone} onChange={(e) => edited(setTimeZone)(e.target.value)} data-testid="availability-zone">
          {timeZones(timeZone).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="availability-formats">
        <legend>{t("formats")}</legend>
        {MEETING_FORMATS.map((f) => (
          <label key={f} className="checkbox">
            <input type="checkbox" checked={formats.includes(f)} onChange={(e) => toggleFormat(f, e.target.checked)} />
            <span>{tm(`format.${f}`)}</span>
          </label>
        ))}
      </fieldset>
      {formats.includes("IN_PERSON") ? <Field label={t("city")} value={city} onChange={edited(setCity)} maxLength={120} /> : null}
      <ul className="availability-windows" aria-label={t("title")}>
        {windows.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity beyond their place in the list
          <li key={i} className="availability-window" data-testid="availability-window">
            <label>
              <span className="small muted">{t("day")}</span>
              <select className="select" value={w.day} onChange={(e) => setWindow(i, { day: Number(e.target.value) })}>
                {DAYS.map((d) => (
                  <option key={d} value={d}>
                    {t(`days.${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="small muted">{t("from")}</span>
              <input className="select" type="time" step={1800} value={w.from} onChange={(e) => setWindow(i, { from: e.target.value })} required />
            </label>
            <label>
              <span className="small muted">{t("to")}</span>
              <input className="select" type="time" step={1800} value={w.to} onChange={(e) => setWindow(i, { to: e.target.value })} required />
            </label>
            <Button variant="ghost" onClick={edited(() => setWindows((ws) => ws.filter((_, j) => j !== i)))} aria-label={`${t("removeWindow")}: ${t(`days.${w.day as Day}`)} ${w.from}–${w.to}`}>
              {t("removeWindow")}
            </Button>
          </li>
        ))}
      </ul>
      {windows.length === 0 ? <p className="small muted">{t("noWindows")}</p> : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={edited(() => setWindows((ws) => [...ws, { day: 1, from: "10:00", to: "12:00" }]))}>
          {t("addWindow")}
        </Button>
        {actions ? null : (
          <Button type="submit" busy={save.isPending} disabled={formats.length === 0}>
            {t("save")}
          </Button>
        )}
      </div>
      {actions ? (
        <div className="form-actions">
          {actions.extra}
          <Button type="submit" busy={save.isPending} disabled={formats.length === 0} data-testid="availability-next">
            {actions.submitLabel}
          </Button>
        </div>
      ) : null}
      {save.isError ? <Alert kind="error">{errorText(save.error)}</Alert> : null}
      {saved ? (
        <p className="small" role="status">
          {t("saved")}
        </p>
      ) : null}
    </form>
  );
}
