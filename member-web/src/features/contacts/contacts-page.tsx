import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { LiveNotice, TabList } from "../../ui/tabs.tsx";
import "../profile/members.css";
import { fullName } from "../profile/model.ts";
import "../recommendations/matching.css";
import { MemberContacts, MemberHead, TagChips } from "../recommendations/member-summary.tsx";
import { type Bookmark, formatDate, matchingChanged, matchingQueries, type Recommendation, setBookmark } from "../recommendations/model.ts";
import { ListState, LoadMore } from "../requests/list-state.tsx";
import { FeedbackDialog } from "./feedback-dialog.tsx";
import { NoteEditor } from "./note-editor.tsx";

export type ContactsTab = "interested" | "bookmarks";
const TABS: readonly ContactsTab[] = ["interested", "bookmarks"];

/**
 * /contacts and /contacts/bookmarks (spec 2.3): my matches with meeting feedback and private notes,
 * and my bookmarks. `feedback` (from the follow-up e-mail) opens the rating of that match.
 */
export function ContactsPage({ tab, feedback }: { tab: ContactsTab; feedback?: string | undefined }) {
  const { t } = useTranslation("matching");
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);

  const select = (next: ContactsTab) => void navigate({ to: next === "bookmarks" ? "/contacts/bookmarks" : "/contacts", replace: true });

  return (
    <main className="page" id="content">
      <h1>{t("contacts.title")}</h1>
      <LiveNotice text={notice} />
      <TabList tabs={TABS} current={tab} label={t("contacts.title")} labelOf={(id) => t(`contacts.tabs.${id}`)} onSelect={select} />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "interested" ? <InterestedTab feedback={feedback} onNotify={setNotice} /> : <BookmarksTab />}
      </section>
    </main>
  );
}

function InterestedTab({ feedback, onNotify }: { feedback: string | undefined; onNotify: (text: string) => void }) {
  const { t } = useTranslation("matching");
  const navigate = useNavigate();
  const list = useInfiniteQuery(matchingQueries.history());
  // Dismissed ("not interested") contacts stay hidden (spec 4.6).
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((r) => r.status !== "DISMISSED");
  const [rating, setRating] = useState<Recommendation | null>(null);
  const fromMail = feedback ? (list.data?.pages.flatMap((p) => p.items) ?? []).find((r) => r.matchingResultId === feedback) : undefined;

  const closeMail = () => void navigate({ to: "/contacts", replace: true });

  return (
    <>
      <ListState query={list} empty={items.length === 0} emptyTitle={t("contacts.emptyInterested")} emptyText={t("contacts.emptyInterestedText")}>
        <ul className="match-list" aria-label={t("contacts.tabs.interested")}>
          {items.map((r) => (
            <ContactRow key={r.matchingResultId} rec={r} onRate={() => setRating(r)} />
          ))}
        </ul>
        <LoadMore query={list} />
      </ListState>
      {rating ? (
        <FeedbackDialog
          matchingResultId={rating.matchingResultId}
          name={fullName(rating.participant)}
          initial={rating.feedback.feedbackAt || rating.feedback.noMeeting ? rating.feedback : null}
          onClose={() => setRating(null)}
          onSaved={onNotify}
        />
      ) : feedback && !list.isPending ? (
        <FeedbackFromMail matchingResultId={feedback} rec={fromMail} onClose={closeMail} onSaved={onNotify} />
      ) : null}
    </>
  );
}

/** `?feedback=<id>`: the match may be beyond the loaded pages, so the server is asked about it directly. */
function FeedbackFromMail({
  matchingResultId,
  rec,
  onClose,
  onSaved,
}: {
  matchingResultId: string;
  rec: Recommendation | undefined;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { t } = useTranslation("matching");
  const pending = useQuery({ ...matchingQueries.pendingScore(matchingResultId), enabled: rec === undefined });
  if (!rec && pending.isPending) return null;
  if (!rec && pending.isError) {
    return (
      <div className="notice-row">
        <Alert kind="error">{t("feedback.notFound")}</Alert>
      </div>
    );
  }
  const given = rec?.feedback ?? pending.data?.feedback;
  return (
    <FeedbackDialog
      matchingResultId={matchingResultId}
      name={rec ? fullName(rec.participant) : null}
      initial={given && (given.feedbackAt || given.noMeeting) ? given : null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function ContactRow({ rec, onRate }: { rec: Recommendation; onRate: () => void }) {
  const { t, i18n } = useTranslation("matching");
  const f = rec.feedback;
  const given = f.feedbackAt !== null || f.noMeeting;
  return (
    <li className="card match-row" data-testid="contact" aria-label={fullName(rec.participant)}>
      <MemberHead card={rec.participant} size={64} level={3} />
      <TagChips tags={rec.participant.tags} max={5} />
      <p className="muted small">
        {t("contacts.matchedOn", { date: formatDate(rec.createdAt, i18n.language) })}
        {rec.status === "CONNECTED" ? ` · ${t("card.connected")}` : null}
      </p>
      <MemberContacts card={rec.participant} />
      {given ? (
        <p className="small" data-testid="rating">
          {f.noMeeting ? t("contacts.noMeeting") : t("contacts.rated", { score: f.score ?? 0 })}{" "}
          <Button variant="link" onClick={onRate}>
            {t("contacts.changeRating")}
          </Button>
        </p>
      ) : f.pending ? (
        <div className="match-actions">
          <Button onClick={onRate}>{t("contacts.rate")}</Button>
        </div>
      ) : null}
      <NoteEditor matchingResultId={rec.matchingResultId} note={rec.note} />
    </li>
  );
}

function BookmarksTab() {
  const { t } = useTranslation("matching");
  const list = useInfiniteQuery(matchingQueries.bookmarks());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ListState query={list} empty={items.length === 0} emptyTitle={t("contacts.emptyBookmarks")} emptyText={t("contacts.emptyBookmarksText")}>
      <ul className="match-list" aria-label={t("contacts.tabs.bookmarks")}>
        {items.map((b) => (
          <BookmarkRow key={b.subjectId} bookmark={b} />
        ))}
      </ul>
      <LoadMore query={list} />
    </ListState>
  );
}

function BookmarkRow({ bookmark }: { bookmark: Bookmark }) {
  const { t } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const remove = useMutation({ mutationFn: () => setBookmark(bookmark.subjectId, false), onSuccess: () => matchingChanged(queryClient) });
  return (
    <li className="card match-row" data-testid="bookmark" aria-label={fullName(bookmark.participant)}>
      <MemberHead card={bookmark.participant} size={64} level={3} />
      <TagChips tags={bookmark.participant.tags} max={5} />
      <MemberContacts card={bookmark.participant} />
      {remove.isError ? <Alert kind="error">{errorText(remove.error)}</Alert> : null}
      <div className="match-actions">
        <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
          {t("actions.unbookmark")}
        </Button>
      </div>
    </li>
  );
}
