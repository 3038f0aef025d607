import { Alert, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Loading, Title, useAuthenticated, useNotify, useTranslate } from "react-admin";
import { ConsoleApiError } from "../../api.ts";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { diff, errorMessage } from "../../lib/diff.ts";

type Settings = components["schemas"]["CommunitySettings"];
type AuthType = Settings["authTypes"][number];
type Lang = Settings["lang"];

const LANGS: Lang[] = ["en", "ru"];
/** SSO (OAUTH2) needs its provider in tenant.json: kept or removed here, never added. */
const METHODS: AuthType[] = ["EMAIL", "OTP", "NONE", "MAGIC", "GOOGLE", "OAUTH2"];
const STEPS = ["profile", "lookingFor", "contacts", "networks", "avatar", "about"] as const;

/**
 * The community's settings: texts, languages, sign-in methods, onboarding steps, navigation (as
 * JSON) and moderation. Saved through the tenant schema; the pending change is shown as a diff,
 * and the save is recorded in the audit log. tenant.json stays the operator's source: its next
 * apply replaces what is saved here. Read and saved through the data provider (getSettings,
 * updateSettings); a form, not a list, so it stays a page of its own.
 */
export function SettingsPage() {
  useAuthenticated();
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const { data, error, isPending } = useQuery({ queryKey: ["settings"], queryFn: () => dataProvider.getSettings() });
  // Discard starts the form again from what is saved.
  const [round, setRound] = useState(0);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.settings.title")} />
      <Alert severity="info">{translate("tuesday.settings.asCode")}</Alert>
      {error ? <Alert severity="error">{errorMessage(error, translate("tuesday.settings.failed"))}</Alert> : null}
      {isPending ? <Loading /> : null}
      {data ? <SettingsForm key={`${round}:${JSON.stringify(data.settings)}`} saved={data.settings} onDiscard={() => setRound((r) => r + 1)} /> : null}
    </Stack>
  );
}

function SettingsForm({ saved, onDiscard }: { saved: Settings; onDiscard: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useConsoleDataProvider();
  const [draft, setDraft] = useState<Settings>(saved);
  const [navText, setNavText] = useState(saved.navigationConfig ? JSON.stringify(saved.navigationConfig, null, 2) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (patch: Partial<Settings>) => dataProvider.updateSettings(patch),
    onSuccess: (r) => {
      queryClient.setQueryData(["settings"], r);
      notify("tuesday.settings.saved", { type: "info" });
    },
    onError: (err) => {
      setErrors(err instanceof ConsoleApiError ? err.errors : {});
      notify(errorMessage(err, "tuesday.settings.failed"), { type: "error" });
    },
  });

  let navParsed: Settings["navigationConfig"] | "invalid" = null;
  try {
    navParsed = navText.trim() ? (JSON.parse(navText) as Settings["navigationConfig"]) : null;
  } catch {
    navParsed = "invalid";
  }
  const next: Settings = { ...draft, navigationConfig: navParsed === "invalid" ? saved.navigationConfig : navParsed };
  const changes = diff(saved, next);
  const set = <K extends keyof Settings>(k: K, v: Settings[K]) => setDraft({ ...draft, [k]: v });
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const save = () => {
    setErrors({});
    const patch = Object.fromEntries(Object.keys(next).filter((k) => diff(saved[k as keyof Settings], next[k as keyof Settings]).length > 0).map((k) => [k, next[k as keyof Settings]]));
    update.mutate(patch);
  };

  return (
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {(["title", "description", "landingTitle", "landingCopy"] as const).map((k) => (
              <TextField
                key={k}
                label={translate(`tuesday.settings.${k === "title" ? "fieldTitle" : k}`)}
                value={draft[k]}
                onChange={(e) => set(k, e.target.value)}
                multiline={k !== "title"}
                error={Boolean(errors[k])}
                helperText={errors[k]}
              />
            ))}
            <TextField select label={translate("tuesday.settings.lang")} value={draft.lang} onChange={(e) => set("lang", e.target.value as Lang)} sx={{ maxWidth: 240 }}>
              {LANGS.map((l) => (
                <MenuItem key={l} value={l}>
                  {l.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle2">{translate("tuesday.settings.langChoices")}</Typography>
            <FormGroup row>
              {LANGS.map((l) => (
                <FormControlLabel key={l} control={<Checkbox checked={draft.langChoices.includes(l)} onChange={() => set("langChoices", toggle(draft.langChoices, l))} />} label={l.toUpperCase()} />
              ))}
            </FormGroup>
            <Typography variant="subtitle2">{translate("tuesday.settings.methods")}</Typography>
            <FormGroup row>
              {METHODS.filter((m) => m !== "OAUTH2" || saved.authTypes.includes("OAUTH2")).map((m) => (
                <FormControlLabel key={m} control={<Checkbox checked={draft.authTypes.includes(m)} onChange={() => set("authTypes", toggle(draft.authTypes, m))} />} label={translate(`tuesday.settings.method.${m}`)} />
              ))}
            </FormGroup>
            <Typography variant="subtitle2">{translate("tuesday.settings.steps")}</Typography>
            <FormGroup row>
              {STEPS.map((s) => (
                <FormControlLabel key={s} control={<Checkbox checked={draft.stepsConfig[s]} onChange={() => set("stepsConfig", { ...draft.stepsConfig, [s]: !draft.stepsConfig[s] })} />} label={translate(`tuesday.settings.step.${s}`)} />
              ))}
            </FormGroup>
            <FormControlLabel control={<Checkbox checked={draft.moderationRequired} onChange={() => set("moderationRequired", !draft.moderationRequired)} />} label={translate("tuesday.settings.moderationRequired")} />
            <TextField
              label={translate("tuesday.settings.navigation")}
              value={navText}
              onChange={(e) => setNavText(e.target.value)}
              multiline
              minRows={3}
              error={navParsed === "invalid" || Object.keys(errors).some((k) => k.startsWith("navigationConfig"))}
              helperText={navParsed === "invalid" ? translate("tuesday.settings.badJson") : Object.entries(errors).find(([k]) => k.startsWith("navigationConfig"))?.[1]}
              sx={{ fontFamily: "monospace" }}
            />
            {changes.length ? (
              <Stack spacing={0.5} data-testid="settings-diff" sx={{ fontFamily: "monospace", fontSize: 13 }}>
                <Typography variant="subtitle2">{translate("tuesday.settings.changes")}</Typography>
                {changes.map((c) => (
                  <div key={c.path}>
                    <b>{c.path}</b>: <span style={{ color: "#c92a2a", textDecoration: "line-through" }}>{JSON.stringify(c.before)}</span> →{" "}
                    <span style={{ color: "#2b8a3e" }}>{JSON.stringify(c.after)}</span>
                  </div>
                ))}
              </Stack>
            ) : null}
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={save} disabled={changes.length === 0 || navParsed === "invalid" || update.isPending}>
                {translate("tuesday.settings.save")}
              </Button>
              <Button onClick={onDiscard} disabled={changes.length === 0}>
                {translate("tuesday.settings.discard")}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
  );
}
