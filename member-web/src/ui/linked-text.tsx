import Linkify from "linkify-react";
import type { Opts } from "linkifyjs";

/**
 * Members' own text (a chat message, an event's description, a profile's about) with its web
 * addresses and e-mail addresses as links, found by linkifyjs: `https://…`, `www.…` and bare
 * domains ("tuesday.example/join") open in a new tab; nothing else of the text becomes markup.
 * Links written by members carry `nofollow ugc` and never the app's opener.
 */
const OPTIONS: Opts = {
  defaultProtocol: "https",
  target: { url: "_blank" },
  rel: { url: "noopener noreferrer nofollow ugc" },
  className: "text-link",
  // Only the web and mail: an address with another scheme (ftp://) stays text; a bare one with a port is a web page.
  validate: { url: (value: string) => /^(https?:\/\/|(?![a-z][a-z0-9+.-]*:\/\/))/i.test(value) },
};

export function LinkedText({ text }: { text: string }) {
  return <Linkify options={OPTIONS}>{text}</Linkify>;
}
