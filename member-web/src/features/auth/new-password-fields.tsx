import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isPasswordLength } from "../../lib/validation.ts";
import { Field } from "../../ui/field.tsx";

export type NewPassword = ReturnType<typeof useNewPassword>;

/** A new password typed twice (registration, password reset): values, errors and the check. */
export function useNewPassword() {
  const tErr = useTranslation("errors").t;
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [repeatError, setRepeatError] = useState<string | null>(null);
  return {
    password,
    repeat,
    passwordError,
    repeatError,
    setPassword: (v: string) => {
      setPassword(v);
      setPasswordError(null);
    },
    setRepeat: (v: string) => {
      setRepeat(v);
      setRepeatError(null);
    },
    /** Shows what is wrong with either field; the password when both are fine, else null (spec 5). */
    validate: (): string | null => {
      const lengthOk = isPasswordLength(password);
      const same = password === repeat;
      setPasswordError(lengthOk ? null : tErr("passwordLength"));
      setRepeatError(same ? null : tErr("passwordsDontMatch"));
      return lengthOk && same ? password : null;
    },
  };
}

export function NewPasswordFields({ state, passwordLabel, repeatLabel }: { state: NewPassword; passwordLabel: string; repeatLabel: string }) {
  const tErr = useTranslation("errors").t;
  return (
    <>
      <Field
        label={passwordLabel}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={state.password}
        onChange={state.setPassword}
        error={state.passwordError}
        hint={tErr("passwordHint")}
        required
      />
      <Field
        label={repeatLabel}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={state.repeat}
        onChange={state.setRepeat}
        error={state.repeatError}
        required
      />
    </>
  );
}
