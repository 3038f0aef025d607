import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { allowsCode, communityQueries } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { platformAgreement } from "../../app/legal-documents.ts";
import { Skeleton } from "../../ui/skeleton.tsx";
import { readLanding } from "./landing.ts";
import { ShortSignUpForm } from "./short-sign-up-form.tsx";
import { DonationButton } from "../partner/community-extras.tsx";

// The variants load only for the communities that use them (out of the sign-in pages' first bundle).
const CustomLanding = lazy(() => import("./variants.tsx").then((m) => ({ default: m.CustomLanding })));
const ShortLanding = lazy(() => import("./variants.tsx").then((m) => ({ default: m.ShortLanding })));
const PartnerWelcome = lazy(() => import("./variants.tsx").then((m) => ({ default: m.PartnerWelcome })));

/** "/" for visitors: the community's landing document and the short sign-up form (spec 2.3). */
export function WelcomePage() {
  const { t, i18n } = useTranslation("welcome");
  const community = useCommunity();
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const view = readLanding(landing.data ?? null, community);
  const startTo = allowsCode(community) ? "/one-time-code" : "/registration";
  // Spec 1 tenant variants (features/welcome/variants.tsx).
  if (community.customLanding || community.shortLanding) {
    return <Suspense fallback={<Skeleton lines={3} label={t("loading", { ns: "common" })} />}>{community.customLanding ? <CustomLanding /> : <ShortLanding />}</Suspense>;
  }

  return (
    <main className={community.welcomeLayout === "special" ? "welcome welcome-special" : "welcome"} id="content" data-layout={community.welcomeLayout}>
      <section className="hero">
        <div className="hero-text">
          {landing.isPending ? (
            <Skeleton lines={3} label={t("loading", { ns: "common" })} />
          ) : (
            <>
              <h1>{view.title}</h1>
              {view.copy ? <p className="lead">{view.copy}</p> : null}
              {view.bullets.length ? (
                <ul className="checklist">
                  {view.bullets.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
          <div className="hero-actions">
            <Link to={view.cta.href ?? startTo} className="btn btn-primary btn-large">
              {view.cta.label ?? t("startNetworking")}
            </Link>
            <span className="muted">
              {t("haveAccount")} <Link to="/login">{t("logIn", { ns: "nav" })}</Link>
            </span>
            <DonationButton large />
          </div>
        </div>
        <div className="hero-card">
          <ShortSignUpForm />
        </div>
      </section>

      {community.partner ? (
        <Suspense fallback={null}>
          <PartnerWelcome />
        </Suspense>
      ) : null}

      {view.sections.length > 0 || community.description ? (
        <section className="landing-sections" aria-labelledby="about-heading">
          <h2 id="about-heading" className="section-title">
            {t("about")}
          </h2>
          {community.description ? <p className="lead-small">{community.description}</p> : null}
          <div className="cards">
            {view.sections.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sections come in document order and never reorder
              <article className="card" key={i}>
                {s.title ? <h3>{s.title}</h3> : null}
                {s.text ? <p>{s.text}</p> : null}
                {s.items.length ? (
                  <ul>
                    {s.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </article>
            ))}
          </div>
        </section>
      ) : null}

      <footer className="site-footer">
        <a href={community.policyLinks.privacy ?? platformAgreement(i18n.language)} target="_blank" rel="noopener noreferrer">
          {t("privacyPolicy")}
        </a>
        {community.brandConfig.siteUrl ? (
          <a href={community.brandConfig.siteUrl} target="_blank" rel="noopener noreferrer">
            {t("launchOwn")}
          </a>
        ) : null}
        <span className="muted">{t("poweredBy", { ns: "common" })}</span>
      </footer>
    </main>
  );
}
