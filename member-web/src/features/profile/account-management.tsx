import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { session } from "../../lib/session.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { isEmail } from "../../lib/validation.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { NewPasswordFields, useNewPassword } from "../auth/new-password-fields.tsx";

type Panel = "password" | "email" | "delete" | null;

/**
 * The account controls of /profile: change password (other sessions end), change e-mail (after a
 * confirmation link to the new address), download my data (JSON), delete the account (password).
 */
export function AccountManagement({ userId, email }: { userId: string; email: string | null }) {
  const { t } = useTranslation("accountManage");
  const [open, setOpen] = useState<Panel>(null);
  const toggle = (p: Exclude<Panel, null>) => setOpen((cur) => (cur === p ? null : p));
  return (
    <div className="account-manage">
      <div className="row account-actions">
        <Button variant="secondary" aria-expanded={open === "password"} aria-controls="account-password" onClick={() => toggle("password")}>
          {t("changePassword")}
        </Button>
        <Button variant="secondary" aria-expanded={open === "email"} aria-controls="account-email" onClick={() => toggle("email")}>
          {t("changeEmail")}
        </Button>
        <DownloadData />
        <Button variant="secondary" className="btn-danger" aria-expanded={open === "delete"} aria-controls="account-delete" onClick={() => toggle("delete")}>
          {t("deleteAccount")}
        </Button>
      </div>
      {open === "password" ? <ChangePassword onDone={() => setOpen(null)} /> : null}
      {open === "email" ? <ChangeEmail current={email} /> : null}
      {open === "delete" ? <DeleteAccount userId={userId} /> : null}
    </div>
  );
}

function ChangePassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("accountManage");
  const errorText = useErrorText();
  const [current, setCurrent] = useState("");
  const next = useNewPassword();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const newPassword = next.validate();
    if (!newPassword || !current) return;
    setBusy(true);
    try {
      await call(api.POST("/api/auth/change-password", { body: { currentPassword: current, newPassword } }));
      setDone(true);
      setCurrent("");
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id="account-password" className="account-panel" onSubmit={(e) => void submit(e)} aria-label={t("changePassword")}>
      {done ? (
        <Alert kind="success">{t("passwordChanged")}</Alert>
      ) : (
        <>
          {error ? <Alert kind="error">{error}</Alert> : null}
          <Field label={t("currentPassword")} type="password" name="current-password" autoComplete="current-password" value={current} onChange={setCurrent} required />
          <NewPasswordFields state={next} passwordLabel={t("newPassword")} repeatLabel={t("repeatPassword")} />
          <div className="row">
            <Button type="submit" busy={busy} busyLabel={t("saving")}>
              {t("savePassword")}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t("cancel")}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function ChangeEmail({ current }: { current: string | null }) {
  const { t } = useTranslation("accountManage");
  const tErr = useTranslation("errors").t;
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const value = email.trim();
    if (!isEmail(value)) {
      setEmailError(tErr("emailFormat"));
      return;
    }
    setBusy(true);
    try {
      await call(api.POST("/api/current-user/email", { body: { email: value, ...(password ? { password } : {}) } }));
      setSentTo(value);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id="account-email" className="account-panel" onSubmit={(e) => void submit(e)} aria-label={t("changeEmail")} noValidate>
      {sentTo ? (
        <Alert kind="success">{t("emailSent", { email: sentTo })}</Alert>
      ) : (
        <>
          {error ? <Alert kind="error">{error}</Alert> : null}
          <p className="muted small">{t("emailIntro", { email: current ?? "—" })}</p>
          <Field
            label={t("newEmail")}
            type="email"
            name="new-email"
            autoComplete="email"
            value={email}
            onChange={(v) => {
              setEmail(v);
              setEmailError(null);
            }}
            error={emailError}
            required
          />
          <Field label={t("password")} type="password" name="email-password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button type="submit" busy={busy} busyLabel={t("saving")}>
            {t("sendLink")}
          </Button>
        </>
      )}
    </form>
  );
}

function DownloadData() {
  const { t } = useTranslation("accountManage");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await call(api.GET("/api/current-user/data"));
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = "my-data.json";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" busy={busy} busyLabel={t("preparing")} onClick={() => void download()}>
        {t("downloadData")}
      </Button>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </>
  );
}

function DeleteAccount({ userId }: { userId: string }) {
  const { t } = useTranslation("accountManage");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!password) {
      setError(t("passwordRequired"));
      return;
    }
    setBusy(true);
    try {
      await call(api.DELETE("/api/users/delete/{id}", { params: { path: { id: userId } }, body: { password } }));
      session.end();
      queryClient.clear();
      await navigate({ to: "/account-deleted" });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form id="account-delete" className="account-panel account-danger" onSubmit={(e) => void submit(e)} aria-label={t("deleteAccount")} noValidate>
      <Alert kind="info">{t("deleteWarning")}</Alert>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <Field label={t("password")} type="password" name="delete-password" autoComplete="current-password" value={password} onChange={setPassword} required />
      <Button type="submit" className="btn-danger" busy={busy} busyLabel={t("deleting")}>
        {t("deleteForever")}
      </Button>
    </form>
  );
}
