import { Fragment } from "react";

/**
 * An e-mail address that wraps where readers expect on a narrow screen: before its "@" and its
 * dots (`<wbr>`), not in the middle of a word; a single part longer than the line still breaks
 * (the container's `overflow-wrap: anywhere`). The text itself is unchanged (copy, tests, readers).
 */
export function EmailText({ email }: { email: string }) {
  const parts: { at: number; text: string }[] = [];
  let at = 0;
  for (const text of email.split(/(?=[@.])/)) {
    parts.push({ at, text });
    at += text.length;
  }
  return (
    <>
      {parts.map((p) => (
        <Fragment key={p.at}>
          {p.at > 0 ? <wbr /> : null}
          {p.text}
        </Fragment>
      ))}
    </>
  );
}
