import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { communityQueries } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { PARTNER_SECTIONS, type PartnerSection, readPartnerContent } from "../../app/partner.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

/** /{partner}/{section}: one of the bank partner's six sections, its content from the tenant's landing files. */
export function PartnerPage({ section }: { section: PartnerSection }) {
  const { t, i18n } = useTranslation("tenant");
  const community = useCommunity();
  const partner = community.partner;
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const content = readPartnerContent(landing.data).sections[section];
  if (!partner) return null;
  return (
    <main className="page partner-page" id="content">
      <nav className="partner-nav" aria-label={t("partnerSections", { name: partner.name })}>
        <ul className="partner-nav-list">
          {PARTNER_SECTIONS.map((s) => (
            <li key={s}>
              <Link to="/$partner/$section" params={{ partner: partner.slug, section: s }} aria-current={s === section ? "page" : undefined} className="partner-tab">
                {t(`sections.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {landing.isPending ? (
        <Skeleton lines={4} label={t("loading", { ns: "common" })} />
      ) : (
        <>
          <h1>{content?.title || t(`sections.${section}`)}</h1>
          {content?.intro ? <p className="lead">{content.intro}</p> : null}
          {content?.items.length ? (
            <div className="cards">
              {content.items.map((item) => (
                <article className="card" key={item.title}>
                  <h2 className="card-title">{item.title}</h2>
                  <p>{item.text}</p>
                </article>
              ))}
            </div>
          ) : (
            <p className="muted">{t("sectionEmpty")}</p>
          )}
        </>
      )}
    </main>
  );
}
