import { Alert, Box, Button, Card, CardContent, Divider, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { useLocaleState, useLogin, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../api.ts";
import { useCommunity } from "../resources/participants/use-community.ts";
import { consoleMethods } from "./community.ts";

/** Where sign-in flows that leave the console (magic link, SSO) come back to. */
const CONSOLE_HOME = "/console/";

function errorKey(err: unknown): string {
  if (err instanceof Error && err.message.startsWith("tuesday.")) return err.message;
  if (err instanceof ConsoleApiError && err.code === 1006) return "tuesday.auth.rate_limited";
  if (err instanceof ConsoleApiError && err.code === 1008) return "tuesday.auth.method_not_allowed";
  return "tuesday.auth.sign_in_error";
}

/**
 * The console's sign-in in the community's branding, offering the methods the community allows
 * (spec 6): an e-mailed code, a one-time link, SSO, Google (through the member app) and a password.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [, setLocale] = useLocaleState();
  const { community, isPending } = useCommunity();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [linkSent, setLinkSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Not a fetch: once the community is read, the tab's title and the language follow it.
  useEffect(() => {
    if (!community) return;
    document.title = `${community.brandConfig.title || community.title} · Console`;
    // The community's language unless the member app chose one on this device.
    if (!localStorage.getItem("local")) setLocale(community.lang);
  }, [community, setLocale]);

  if (isPending) return null;
  const methods = consoleMethods(community);
  const brand = community?.brandConfig;
  const color = brand?.primaryColor ?? "#3b5bdb";

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      // Shown in the card (a toast as well would say it twice).
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    const type = methods.code;
    if (!type) return;
    void run(async () => {
      await call(api.POST("/api/auth/login", { body: { authType: type, email: email.trim() } }));
      setCodeSent(true);
    });
  };
  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    void run(() => login({ method: methods.code, email: email.trim(), password: code.trim() }));
  };
  const sendLink = () =>
    void run(async () => {
      await call(api.POST("/api/auth/login", { body: { authType: "MAGIC", email: email.trim(), backTo: CONSOLE_HOME } }));
      setLinkSent(true);
    });
  const withPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(() => login({ username: email, password }));
  };

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", background: `linear-gradient(160deg, ${color} 0%, #f4f5f7 60%)` }}>
      <Card sx={{ width: 400, maxWidth: "92vw" }}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
              {brand?.logoUrl ? <img src={brand.logoUrl} alt="" height={36} /> : null}
              <Box>
                <Typography variant="h6" data-testid="login-brand">
                  {brand?.title ?? "Tuesday"}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate("tuesday.login.subtitle")}
                </Typography>
              </Box>
            </Stack>
            {error ? <Alert severity="error">{translate(error)}</Alert> : null}

            {methods.code ? (
              codeSent ? (
                <Box component="form" onSubmit={checkCode}>
                  <Stack spacing={1.5}>
                    <Typography variant="body2">{translate("tuesday.login.codeSent", { email })}</Typography>
                    <TextField label={translate("tuesday.login.code")} value={code} onChange={(e) => setCode(e.target.value)} autoFocus slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "one-time-code" } }} />
                    <Button type="submit" variant="contained" disabled={busy || !code.trim()} sx={{ background: color }}>
                      {translate("ra.auth.sign_in")}
                    </Button>
                    <Button onClick={() => setCodeSent(false)} disabled={busy}>
                      {translate("tuesday.login.otherEmail")}
                    </Button>
                  </Stack>
                </Box>
              ) : (
                <Box component="form" onSubmit={sendCode}>
                  <Stack spacing={1.5}>
                    <TextField label={translate("ra.auth.username")} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
                    <Button type="submit" variant="contained" disabled={busy || !email.trim()} sx={{ background: color }}>
                      {translate("tuesday.login.sendCode")}
                    </Button>
                    {methods.magic ? (
                      <Button variant="outlined" onClick={sendLink} disabled={busy || !email.trim()}>
                        {translate("tuesday.login.sendLink")}
                      </Button>
                    ) : null}
                  </Stack>
                </Box>
              )
            ) : null}
            {linkSent ? <Alert severity="success">{translate("tuesday.login.linkSent", { email })}</Alert> : null}

            {!methods.code && methods.magic ? (
              <Stack spacing={1.5}>
                <TextField label={translate("ra.auth.username")} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
                <Button variant="contained" onClick={sendLink} disabled={busy || !email.trim()} sx={{ background: color }}>
                  {translate("tuesday.login.sendLink")}
                </Button>
              </Stack>
            ) : null}

            {methods.sso || methods.google ? <Divider /> : null}
            {methods.sso ? (
              <Button variant="outlined" href={`/api/auth/oauth2/authorize?backTo=${encodeURIComponent(CONSOLE_HOME)}`}>
                {methods.sso}
              </Button>
            ) : null}
            {methods.google ? (
              <Button variant="outlined" href={`/login?back_to=${encodeURIComponent(CONSOLE_HOME)}`}>
                {translate("tuesday.login.google")}
              </Button>
            ) : null}

            {methods.password ? (
              <>
                {methods.code || methods.magic || methods.sso || methods.google ? <Divider>{translate("tuesday.login.orPassword")}</Divider> : null}
                <Box component="form" onSubmit={withPassword}>
                  <Stack spacing={1.5}>
                    {methods.code || (methods.magic && !methods.code) ? null : (
                      <TextField label={translate("ra.auth.username")} value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="username" />
                    )}
                    <TextField label={translate("ra.auth.password")} type="password" value={password} onChange={(e) => setPassword(e.target.value)} required autoComplete="current-password" />
                    <Button type="submit" variant="contained" disabled={busy} sx={{ background: color }}>
                      {translate("ra.auth.sign_in")}
                    </Button>
                  </Stack>
                </Box>
              </>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
