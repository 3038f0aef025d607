import { useCallback, useEffect, useRef, useState } from "react";
import { EMAIL_ERROR_MS, isEmail } from "./validation.ts";

/**
 * An e-mail input's value and its format error. The error shows on submit and clears itself
 * after 2.5 s (spec 5), or as soon as the value changes.
 */
export function useEmailField(initial = "") {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<"emailFormat" | "emailRequired" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback((next: string) => {
    setValue(next);
    setError(null);
  }, []);

  /** Returns the trimmed e-mail when valid; otherwise shows the error and returns null. */
  const validate = useCallback((): string | null => {
    const v = value.trim();
    if (isEmail(v)) return v.toLowerCase();
    setError(v ? "emailFormat" : "emailRequired");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setError(null), EMAIL_ERROR_MS);
    return null;
  }, [value]);

  return { value, setValue: onChange, error, validate };
}
