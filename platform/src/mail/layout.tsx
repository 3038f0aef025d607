/**
 * The e-mail layout in React Email components (decision 0111): the community's header (colour,
 * logo, title), one content block and the footer. Rendered to static markup synchronously; every
 * text arrives already in the recipient's language and React escapes it.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { renderToStaticMarkup } from "react-dom/server";
import type { Lang } from "../tenancy/schema.ts";

/** A member's card in an e-mail: only what the recipient may see (privacy applied by the caller). */
export type ContactCard = {
  name: string;
  headline: string | null;
  avatarUrl: string | null;
  contacts: { label: string; value: string }[];
  /** The contact keeps some contacts hidden: connect through the app. */
  hasHiddenContacts: boolean;
};

/** What one e-mail says, in the recipient's language. */
export type Block = {
  heading: string;
  paragraphs: string[];
  code?: string;
  card?: ContactCard;
  /** Bullet points (e.g. the reasons of a match). */
  list?: string[];
  action?: { label: string; link: string };
  /** Further links shown as a row of buttons (e.g. ratings). */
  links?: { label: string; link: string }[];
  footnote?: string;
};

export type Brand = { title: string; color: string; logo: string | undefined };

const muted = { fontSize: 13, color: "#52606d" } as const;

function Card({ card }: { card: ContactCard }) {
  return (
    <Section style={{ margin: "16px 0", border: "1px solid #e4e7eb", borderRadius: 10, width: "100%" }}>
      <Row style={{ padding: 14 }}>
        {card.avatarUrl ? (
          <Column width="72" style={{ verticalAlign: "top", paddingRight: 14 }}>
            <Img src={card.avatarUrl} alt="" width="64" height="64" style={{ borderRadius: 32 }} />
          </Column>
        ) : null}
        <Column style={{ verticalAlign: "top" }}>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{card.name}</div>
          {card.headline ? <div style={{ fontSize: 14, color: "#52606d", marginBottom: 6 }}>{card.headline}</div> : null}
          {card.contacts.map((c) => (
            <div key={`${c.label}:${c.value}`} style={{ fontSize: 14, color: "#3e4c59" }}>
              {c.label}: {c.value}
            </div>
          ))}
        </Column>
      </Row>
    </Section>
  );
}

/** The content block: what changes from one mail to the next. */
function Content({ block, color }: { block: Block; color: string }) {
  return (
    <>
      <Heading as="h1" style={{ fontSize: 22, margin: "0 0 16px" }}>
        {block.heading}
      </Heading>
      {block.paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in a fixed order
        <Text key={i} style={{ fontSize: 16, lineHeight: 1.5, margin: "0 0 12px" }}>
          {p}
        </Text>
      ))}
      {block.code ? <Text style={{ fontSize: 32, letterSpacing: 8, fontWeight: 700, margin: "20px 0", fontFamily: "monospace" }}>{block.code}</Text> : null}
      {block.card ? <Card card={block.card} /> : null}
      {block.list ? (
        <ul style={{ fontSize: 15, lineHeight: 1.5, margin: "0 0 12px", paddingLeft: 20 }}>
          {block.list.map((li, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static text in a fixed order
            <li key={i}>{li}</li>
          ))}
        </ul>
      ) : null}
      {block.action ? (
        <>
          <Section style={{ margin: "24px 0" }}>
            <Button href={block.action.link} style={{ background: color, color: "#fff", textDecoration: "none", padding: "12px 22px", borderRadius: 8, fontWeight: 600 }}>
              {block.action.label}
            </Button>
          </Section>
          <Text style={{ ...muted, wordBreak: "break-all" }}>{block.action.link}</Text>
        </>
      ) : null}
      {block.links ? (
        <Section style={{ margin: "16px 0" }}>
          {block.links.map((l) => (
            <Link
              key={l.link}
              href={l.link}
              style={{ border: `1px solid ${color}`, color, textDecoration: "none", padding: "8px 14px", borderRadius: 8, display: "inline-block", margin: "0 8px 8px 0" }}
            >
              {l.label}
            </Link>
          ))}
        </Section>
      ) : null}
      {block.footnote ? <Text style={{ ...muted, marginTop: 20 }}>{block.footnote}</Text> : null}
    </>
  );
}

/** The frame around the content: the community's header and the footer. */
function Frame({ lang, brand, footer, children }: { lang: Lang; brand: Brand; footer: string; children: string }) {
  return (
    <Html lang={lang}>
      <Head />
      <Body style={{ margin: 0, background: "#f4f5f7", fontFamily: "-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif", color: "#1f2933" }}>
        <Container style={{ maxWidth: 560, margin: "32px auto", background: "#fff", borderRadius: 12, overflow: "hidden" }}>
          <Section style={{ background: brand.color, padding: "20px 28px", color: "#fff", fontSize: 20, fontWeight: 600 }}>
            {brand.logo ? <Img src={brand.logo} alt="" height="32" style={{ display: "inline-block", verticalAlign: "middle", marginRight: 12 }} /> : null}
            {brand.title}
          </Section>
          <Section style={{ padding: 28 }}>{children}</Section>
          <Section style={{ padding: "16px 28px", fontSize: 12, color: "#7b8794", borderTop: "1px solid #e4e7eb" }}>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The same doctype as React Email's `render`. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Where the content goes in a rendered frame (no text or attribute can hold it: React keeps it as is and no catalogue has it). */
const SLOT = "\u0000content\u0000";
/** Frames by community look, language and footer: the weekly run and a mailing render the frame once, not once per mail. */
const frames = new Map<string, [string, string]>();
const FRAMES_MAX = 500;

function frame(lang: Lang, brand: Brand, footer: string): [string, string] {
  const key = JSON.stringify([lang, brand.title, brand.color, brand.logo ?? "", footer]);
  let parts = frames.get(key);
  if (!parts) {
    const html = DOCTYPE + renderToStaticMarkup(<Frame lang={lang} brand={brand} footer={footer}>{SLOT}</Frame>);
    const at = html.indexOf(SLOT);
    parts = [html.slice(0, at), html.slice(at + SLOT.length)];
    if (frames.size >= FRAMES_MAX) frames.clear();
    frames.set(key, parts);
  }
  return parts;
}

/** The content as React renders it, without the cache (the reference the cache is tested against). */
export function contentHtml(block: Block, color: string): string {
  return renderToStaticMarkup(<Content block={block} color={color} />);
}

/** React's escaping of text and attribute values (react-dom/server's escapeTextForBrowser). */
const escapeLikeReact = (s: string) => s.replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#x27;"));

/**
 * The block with every non-empty text replaced by a numbered marker: blocks of the same shape
 * (which fields are there, how many paragraphs, reasons, contacts) render to the same markup
 * around their texts. Empty texts stay, since the layout tests them.
 */
function shapeOf(value: unknown, texts: string[]): unknown {
  if (typeof value === "string") {
    if (value === "") return value;
    texts.push(value);
    return `${NUL}${texts.length - 1}${NUL}`;
  }
  if (Array.isArray(value)) return value.map((v) => shapeOf(v, texts));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, texts)]));
  return value;
}

/** A text's marker in a shape's markup: its number between two NUL characters. */
const NUL = String.fromCharCode(0);
const MARKER = new RegExp(`${NUL}(\\d+)${NUL}`);

/** Content markup by block shape: literal parts at even indexes, text numbers at odd ones. */
const compiled = new Map<string, (string | number)[]>();
const COMPILED_MAX = 1000;

/**
 * The mail's HTML. React renders the frame once per community look and the content once per
 * block shape; each mail then fills its texts in, escaped as React escapes them (the weekly run
 * and a mailing send one shape to thousands of members).
 */
export function layoutHtml(lang: Lang, brand: Brand, block: Block, footer: string): string {
  const [before, after] = frame(lang, brand, footer);
  const texts: string[] = [];
  const shape = shapeOf(block, texts) as Block;
  const key = `${brand.color}\u0000${JSON.stringify(shape)}`;
  let parts = compiled.get(key);
  if (!parts) {
    parts = contentHtml(shape, brand.color)
      .split(MARKER)
      .map((p, i) => (i % 2 === 1 ? Number(p) : p));
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(key, parts);
  }
  let html = before;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string | number;
    html += typeof p === "number" ? escapeLikeReact(texts[p] as string) : p;
  }
  return html + after;
}

function cardText(card: ContactCard): string[] {
  return [card.name, ...(card.headline ? [card.headline] : []), ...card.contacts.map((c) => `${c.label}: ${c.value}`)];
}

/** The plain-text part, the same content in the same order. */
export function layoutText(brand: Brand, block: Block, footer: string): string {
  return [
    brand.title,
    "",
    block.heading,
    "",
    ...block.paragraphs,
    ...(block.code ? ["", block.code] : []),
    ...(block.card ? ["", ...cardText(block.card)] : []),
    ...(block.list ? ["", ...block.list.map((li) => `- ${li}`)] : []),
    ...(block.action ? ["", `${block.action.label}: ${block.action.link}`] : []),
    ...(block.links ? ["", ...block.links.map((l) => `${l.label}: ${l.link}`)] : []),
    ...(block.footnote ? ["", block.footnote] : []),
    "",
    "--",
    footer,
  ].join("\n");
}
