import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { communityQueries } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { readPartnerContent } from "../../app/partner.ts";
import { Skeleton } from "../../ui/skeleton.tsx";
import { DonationButton } from "../partner/community-extras.tsx";
import { readLanding } from "./landing.ts";
import { ShortSignUpForm } from "./short-sign-up-form.tsx";

/** Spec 1: the short landing: the community's title and copy, the short sign-up form and a way to log in. */
export function ShortLanding() {
  const { t, i18n } = useTranslation("welcome");
  const community = useCommunity();
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const view = readLanding(landing.data ?? null, community);
  return (
    <main className="welcome welcome-short page-narrow" id="content" data-variant="short-landing">
      <h1>{view.title}</h1>
      {view.copy ? <p className="lead">{view.copy}</p> : null}
      <ShortSignUpForm landing />
      <p className="muted">
        {t("haveAccount")} <Link to="/login">{t("logIn", { ns: "nav" })}</Link>
      </p>
      <DonationButton large />
    </main>
  );
}

type Block = { type: string; text?: unknown; items?: unknown; src?: unknown; alt?: unknown; href?: unknown; label?: unknown; level?: unknown };
const str = (v: unknown) => (typeof v === "string" ? v : "");
const safeHref = (v: unknown) => {
  const href = str(v);
  return /^(https?:\/\/|\/(?!\/))/.test(href) ? href : null;
};

function CustomBlock({ block }: { block: Block }) {
  switch (block.type) {
    case "heading":
      return block.level === 1 ? <h1>{str(block.text)}</h1> : <h2>{str(block.text)}</h2>;
    case "text":
      return <p>{str(block.text)}</p>;
    case "list":
      return (
        <ul className="checklist">
          {(Array.isArray(block.items) ? block.items : []).map((item) => (
            <li key={str(item)}>{str(item)}</li>
          ))}
        </ul>
      );
    case "image": {
      const src = safeHref(block.src);
      return src ? <img src={src} alt={str(block.alt)} loading="lazy" /> : null;
    }
    case "button": {
      const href = safeHref(block.href);
      if (!href) return null;
      return href.startsWith("/") ? (
        <Link to={href} className="btn btn-primary btn-large">
          {str(block.label)}
        </Link>
      ) : (
        <a href={href} className="btn btn-primary btn-large" rel="noopener noreferrer">
          {str(block.label)}
        </a>
      );
    }
    case "signup":
      return <ShortSignUpForm landing />;
    default:
      return null;
  }
}

/**
 * Spec 1: a custom landing, drawn only from the tenant's landing files (`blocks`: heading, text,
 * list, image, button, signup); everything is plain text, links are same-site paths or http(s).
 */
export function CustomLanding() {
  const { t, i18n } = useTranslation("welcome");
  const community = useCommunity();
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const blocks = (Array.isArray(landing.data?.blocks) ? landing.data.blocks : []).filter(
    (b): b is Block => typeof b === "object" && b !== null && typeof (b as Block).type === "string",
  );
  return (
    <main className="welcome custom-landing page" id="content" data-variant="custom-landing">
      {landing.isPending ? (
        <Skeleton lines={4} label={t("loading", { ns: "common" })} />
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks come in document order and never reorder
        blocks.map((block, i) => <CustomBlock key={i} block={block} />)
      )}
      {blocks.some((b) => b.type === "heading" && b.level === 1) ? null : <h1 className="visually-hidden">{community.title}</h1>}
      <p className="muted">
        {t("haveAccount")} <Link to="/login">{t("logIn", { ns: "nav" })}</Link>
      </p>
    </main>
  );
}

/** The bank-partner welcome section (spec 1), from `partner.welcome` in the landing files. */
export function PartnerWelcome() {
  const { i18n } = useTranslation("welcome");
  const community = useCommunity();
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const welcome = readPartnerContent(landing.data).welcome;
  if (!community.partner || !welcome) return null;
  return (
    <section className="landing-sections card partner-welcome" aria-labelledby="partner-welcome-heading" data-variant="partner-welcome">
      <h2 id="partner-welcome-heading" className="section-title">
        {welcome.title}
      </h2>
      <p>{welcome.text}</p>
    </section>
  );
}
