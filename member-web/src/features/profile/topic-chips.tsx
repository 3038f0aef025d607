import { useTranslation } from "react-i18next";
import { useTopics } from "./topics.ts";

/** A member's picked topics, needs and offers, in the viewer's language; nothing when there are none. */
export function TopicPicks({ needTopics, offerTopics, headingLevel = 3 }: { needTopics: string[]; offerTopics: string[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("publicProfile");
  const topics = useTopics();
  const sides = [
    { side: "needTopics", keys: topics.known(needTopics) },
    { side: "offerTopics", keys: topics.known(offerTopics) },
  ] as const;
  if (sides.every((s) => s.keys.length === 0)) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="topic-picks">
      {sides.map(({ side, keys }) =>
        keys.length ? (
          <div key={side} className="topic-picks-side" data-testid={`topic-picks-${side}`}>
            <Heading>{t(side)}</Heading>
            <ul className="chips">
              {keys.map((k) => (
                <li key={k} className={`chip${side === "offerTopics" ? " chip-accent" : ""}`}>
                  {topics.label(k)}
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}
