import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field, SelectField } from "../../ui/field.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { TabList } from "../../ui/tabs.tsx";
import "./events.css";
import { eventQueries } from "./model.ts";
import {
  createQuestion,
  deleteQuestion,
  downloadAnswersCsv,
  onboardingChanged,
  onboardingQueries,
  type QuestionCreate,
  type QuestionDetail,
  type QuestionPatch,
  updateQuestion,
} from "./onboarding-model.ts";

export type QuestionsTab = "questions" | "statistics" | "report";
export const QUESTIONS_TABS: readonly QuestionsTab[] = ["questions", "statistics", "report"];

/**
 * /event/:eventId/questions: the organizers' question manager, with the onboarding statistics and
 * the participants report (a participant's answers open from it) as tabs (spec 2.3, 6).
 */
export function EventQuestionsPage({ eventId, tab, participantId }: { eventId: string; tab: QuestionsTab; participantId?: string | undefined }) {
  const { t, i18n } = useTranslation("events");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const event = useQuery(eventQueries.one(eventId, i18n.language));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  if (event.isPending) return <Skeleton lines={6} label={t("loading", { ns: "common" })} />;
  if (event.isError) return <Alert kind="error">{errorText(event.error)}</Alert>;
  const e = event.data;
  if (!e.isOrganizer) return <Alert kind="error">{t("form.notOrganizer")}</Alert>;

  const exportCsv = async () => {
    setExporting(true);
    setExportError(false);
    try {
      await downloadAnswersCsv(e.id, `${e.slug || e.id}-participants.csv`);
    } catch {
      setExportError(true);
    } finally {
      setExporting(false);
    }
  };

  return (
    <main className="page" id="content" data-testid="event-questions">
      <p>
        <Link to="/event/$eventId" params={{ eventId: e.slug || e.id }}>
          ← {e.title}
        </Link>
      </p>
      <div className="events-head">
        <h1>{t(`manage.${tab}`)}</h1>
        <Button variant="secondary" busy={exporting} onClick={() => void exportCsv()} data-testid="export-csv">
          {t("organizer.exportCsv")}
        </Button>
      </div>
      {exportError ? <Alert kind="error">{t("organizer.exportFailed")}</Alert> : null}
      <TabList
        tabs={QUESTIONS_TABS}
        current={tab}
        label={t("manage.tabsLabel")}
        labelOf={(id) => t(`manage.${id}`)}
        onSelect={(id) => void navigate({ to: "/event/$eventId/questions", params: { eventId }, search: { tab: id } })}
      />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "questions" ? (
          <QuestionManager eventId={e.id} onboardingOn={e.enableOnboarding} />
        ) : tab === "statistics" ? (
          <StatisticsView eventId={e.id} />
        ) : participantId ? (
          <ParticipantAnswers eventId={e.id} participantId={participantId} />
        ) : (
          <ReportView eventId={e.id} />
        )}
      </section>
    </main>
  );
}

// ---------------------------------------------------------------------------------------------
// Questions.

type Lang = "en" | "ru";
type OptionDraft = { id?: string; text: string; group: string; category: string; type: "PREDEFINED" | "FREE_TEXT"; visible: boolean; translations: Partial<Record<Lang, string>> };
const QUESTION_TYPES = ["TEXT", "RADIO", "CHECKBOX"] as const;

type QuestionDraft = {
  text: string;
  type: (typeof QUESTION_TYPES)[number];
  required: boolean;
  visible: boolean;
  translations: Partial<Record<Lang, string>>;
  options: OptionDraft[];
  removed: string[];
};

const emptyDraft = (): QuestionDraft => ({ text: "", type: "TEXT", required: false, visible: true, translations: {}, options: [], removed: [] });
const draftOf = (q: QuestionDetail): QuestionDraft => ({
  text: q.text,
  type: q.type,
  required: q.required,
  visible: q.visible,
  translations: { ...q.translations },
  options: q.options
    .filter((o) => o.active)
    .map((o) => ({ id: o.id, text: o.text, group: o.group ?? "", category: o.category ?? "", type: o.type, visible: o.visible, translations: { ...o.translations } })),
  removed: [],
});
const clean = (tr: Partial<Record<Lang, string>>) => Object.fromEntries(Object.entries(tr).filter(([, v]) => v && v.trim() !== "").map(([k, v]) => [k, v?.trim()]));
const label = (s: string) => (s.trim() === "" ? null : s.trim());

function QuestionManager({ eventId, onboardingOn }: { eventId: string; onboardingOn: boolean }) {
  const { t } = useTranslation("events");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const questions = useQuery(onboardingQueries.questions(eventId));
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = () => onboardingChanged(queryClient, eventId);
  const move = useMutation({
    mutationFn: ({ id, order }: { id: string; order: number }) => updateQuestion(eventId, id, { order }),
    onSuccess: changed,
    onError: (err) => setError(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteQuestion(eventId, id),
    onSuccess: changed,
    onError: () => setError(t("questions.deleteFailed")),
  });

  if (questions.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  if (questions.isError)
    return (
      <div>
        <Alert kind="error">{t("questions.loadFailed")}</Alert>
        <Button variant="secondary" onClick={() => void questions.refetch()}>
          {t("retry", { ns: "common" })}
        </Button>
      </div>
    );
  // A deleted question is hidden with its options retired (its answers stay for the report): it
  // stays listed as hidden and can be shown again.
  const list = questions.data;

  return (
    <div className="event-questions">
      {!onboardingOn ? <Alert kind="info">{t("questions.onboardingOff")}</Alert> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      {list.length === 0 ? <p className="muted">{t("questions.empty")}</p> : null}
      <ol className="event-question-list">
        {list.map((q, i) => (
          <li key={q.id} className="card event-question" data-testid="event-question">
            {editing === q.id ? (
              <QuestionEditor eventId={eventId} question={q} onDone={() => setEditing(null)} />
            ) : (
              <>
                <p>
                  <strong>{q.text}</strong>
                  {q.required ? <span aria-hidden="true"> *</span> : null}
                </p>
                <p className="muted small">
                  {t(`questions.types.${q.type}`)}
                  {q.required ? ` · ${t("questions.required")}` : ""}
                  {!q.visible ? ` · ${t("questions.hidden")}` : ""}
                  {q.options.length ? ` · ${q.options.filter((o) => o.active).map((o) => o.text).join(", ")}` : ""}
                </p>
                <div className="event-actions">
                  <Button className="btn-small" variant="secondary" disabled={i === 0 || move.isPending} onClick={() => move.mutate({ id: q.id, order: i - 1 })} aria-label={t("questions.up")}>
                    ↑
                  </Button>
                  <Button
                    className="btn-small"
                    variant="secondary"
                    disabled={i === list.length - 1 || move.isPending}
                    onClick={() => move.mutate({ id: q.id, order: i + 1 })}
                    aria-label={t("questions.down")}
                  >
                    ↓
                  </Button>
                  <Button className="btn-small" variant="secondary" onClick={() => setEditing(q.id)}>
                    {t("questions.edit")}
                  </Button>
                  <Button
                    className="btn-small"
                    variant="ghost"
                    onClick={() => {
                      if (window.confirm(t("questions.confirmDelete"))) remove.mutate(q.id);
                    }}
                  >
                    {t("questions.delete")}
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
      {editing === "new" ? (
        <div className="card">
          <QuestionEditor eventId={eventId} onDone={() => setEditing(null)} />
        </div>
      ) : (
        <Button onClick={() => setEditing("new")}>{t("questions.add")}</Button>
      )}
    </div>
  );
}

function QuestionEditor({ eventId, question, onDone }: { eventId: string; question?: QuestionDetail; onDone: () => void }) {
  const { t } = useTranslation("events");
  const community = useCommunity();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [d, setD] = useState<QuestionDraft>(() => (question ? draftOf(question) : emptyDraft()));
  const [touched, setTouched] = useState(false);
  const langs = community.langChoices as Lang[];
  const textMissing = d.text.trim() === "";
  const optionMissing = d.type !== "TEXT" && (d.options.length === 0 || d.options.some((o) => o.text.trim() === ""));

  const save = useMutation({
    mutationFn: async () => {
      const options = d.type === "TEXT" ? [] : d.options;
      if (!question) {
        const body: QuestionCreate = {
          text: d.text.trim(),
          type: d.type,
          required: d.required,
          visible: d.visible,
          maxChoices: null,
          translations: clean(d.translations),
          options: options.map((o) => ({
            text: o.text.trim(),
            group: label(o.group),
            category: label(o.category),
            type: o.type,
            visible: o.visible,
            active: true,
            translations: clean(o.translations),
          })),
        };
        return createQuestion(eventId, body);
      }
      const body: QuestionPatch = {
        text: d.text.trim(),
        required: d.required,
        visible: d.visible,
        translations: clean(d.translations),
        ...(question.type !== d.type ? { type: d.type } : {}),
        options: [
          ...options.map((o, i) => ({
            ...(o.id ? { id: o.id } : {}),
            text: o.text.trim(),
            group: label(o.group),
            category: label(o.category),
            type: o.type,
            visible: o.visible,
            active: true,
            order: i,
            translations: clean(o.translations),
          })),
          ...[...d.removed, ...(d.type === "TEXT" ? d.options.flatMap((o) => (o.id ? [o.id] : [])) : [])].map((id) => ({ id, active: false })),
        ],
      };
      return updateQuestion(eventId, question.id, body);
    },
    onSuccess: () => {
      void onboardingChanged(queryClient, eventId);
      onDone();
    },
  });

  const setOption = (i: number, patch: Partial<OptionDraft>) => setD((x) => ({ ...x, options: x.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) }));

  return (
    <form
      className="event-form"
      data-testid="question-editor"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        setTouched(true);
        if (!textMissing && !optionMissing) save.mutate();
      }}
    >
      <Field label={t("questions.text")} value={d.text} onChange={(text) => setD({ ...d, text })} required error={touched && textMissing ? t("form.errors.required") : null} />
      {langs.map((lang) => (
        <Field
          key={lang}
          label={t("questions.translation", { lang: lang.toUpperCase() })}
          value={d.translations[lang] ?? ""}
          onChange={(v) => setD({ ...d, translations: { ...d.translations, [lang]: v } })}
        />
      ))}
      <div className="event-form-row">
        <SelectField
          label={t("questions.type")}
          value={d.type}
          onChange={(type) => setD({ ...d, type })}
          options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`questions.types.${v}`) }))}
        />
        <label className="check">
          <input type="checkbox" checked={d.required} onChange={(ev) => setD({ ...d, required: ev.target.checked })} /> {t("questions.required")}
        </label>
        <label className="check">
          <input type="checkbox" checked={d.visible} onChange={(ev) => setD({ ...d, visible: ev.target.checked })} /> {t("questions.visible")}
        </label>
      </div>
      {d.type !== "TEXT" ? (
        <fieldset className="fieldset">
          <legend>{t("questions.options")}</legend>
          {d.options.map((o, i) => (
            <div key={o.id ?? `new-${i}`} className="event-option" data-testid="option-editor">
              <Field
                label={t("questions.optionText", { n: i + 1 })}
                value={o.text}
                onChange={(text) => setOption(i, { text })}
                required
                error={touched && o.text.trim() === "" ? t("questions.optionRequired") : null}
              />
              {langs.map((lang) => (
                <Field
                  key={lang}
                  label={t("questions.translation", { lang: lang.toUpperCase() })}
                  value={o.translations[lang] ?? ""}
                  onChange={(v) => setOption(i, { translations: { ...o.translations, [lang]: v } })}
                />
              ))}
              <div className="event-form-row">
                <Field label={t("questions.group")} value={o.group} onChange={(group) => setOption(i, { group })} />
                <Field label={t("questions.category")} value={o.category} onChange={(category) => setOption(i, { category })} />
                <SelectField
                  label={t("questions.optionType")}
                  value={o.type}
                  onChange={(type) => setOption(i, { type })}
                  options={[
                    { value: "PREDEFINED", label: t("questions.predefined") },
                    { value: "FREE_TEXT", label: t("questions.freeText") },
                  ]}
                />
                <label className="check">
                  <input type="checkbox" checked={o.visible} onChange={(ev) => setOption(i, { visible: ev.target.checked })} /> {t("questions.visible")}
                </label>
              </div>
              <Button
                className="btn-small"
                variant="ghost"
                onClick={() => setD((x) => ({ ...x, options: x.options.filter((_, j) => j !== i), removed: o.id ? [...x.removed, o.id] : x.removed }))}
              >
                {t("questions.removeOption")}
              </Button>
            </div>
          ))}
          {touched && d.options.length === 0 ? <p className="field-error">{t("questions.needsOptions")}</p> : null}
          <Button
            variant="secondary"
            onClick={() => setD((x) => ({ ...x, options: [...x.options, { text: "", group: "", category: "", type: "PREDEFINED", visible: true, translations: {} }] }))}
          >
            {t("questions.addOption")}
          </Button>
        </fieldset>
      ) : null}
      {save.isError ? <Alert kind="error">{`${t("questions.saveFailed")} ${errorText(save.error)}`}</Alert> : null}
      <div className="event-actions">
        <Button type="submit" busy={save.isPending}>
          {t("form.save")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("questions.cancel")}
        </Button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Statistics, report, a participant's answers.

function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation("events");
  return (
    <div>
      <Alert kind="error">{text}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t("retry", { ns: "common" })}
      </Button>
    </div>
  );
}

function StatisticsView({ eventId }: { eventId: string }) {
  const { t } = useTranslation("events");
  const stats = useQuery(onboardingQueries.statistics(eventId));
  if (stats.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  if (stats.isError) return <Retry text={t("stats.loadFailed")} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <div data-testid="event-statistics">
      <p>{t("stats.summary", { respondents: s.respondents, completed: s.completed })}</p>
      {s.questions.map((q) => (
        <section key={q.questionId} className="card event-stat">
          <h3>{q.text}</h3>
          <p className="muted small">{t("stats.answered", { count: q.answered, percent: Math.round(q.percent) })}</p>
          {q.options.length ? (
            <table className="event-table">
              <tbody>
                {q.options.map((o) => (
                  <tr key={o.optionId}>
                    <td>{o.text}</td>
                    <td>{o.count}</td>
                    <td>{Math.round(o.percent)}%</td>
                    <td aria-hidden="true">
                      <span className="event-bar" style={{ width: `${Math.round(o.percent)}%` }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function ReportView({ eventId }: { eventId: string }) {
  const { t } = useTranslation("events");
  const report = useQuery(onboardingQueries.report(eventId));
  if (report.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  if (report.isError) return <Retry text={t("report.loadFailed")} onRetry={() => void report.refetch()} />;
  if (report.data.items.length === 0) return <p className="muted">{t("report.empty")}</p>;
  return (
    <table className="event-table" data-testid="event-report">
      <thead>
        <tr>
          <th>{t("report.name")}</th>
          <th>{t("report.status")}</th>
          <th>{t("report.payment")}</th>
          <th>{t("report.onboarding")}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {report.data.items.map((i) => (
          <tr key={i.participantId}>
            <td>
              {i.firstName} {i.lastName}
              {i.email ? <div className="muted small">{i.email}</div> : null}
            </td>
            <td>{t(`report.statuses.${i.status}`)}</td>
            <td>{t(`organizer.payment.${i.paymentStatus}`)}</td>
            <td>{i.onboardingCompleted ? t("report.completed") : t("report.answers", { count: i.answers.length })}</td>
            <td>
              <Link to="/event/$eventId/questions" params={{ eventId }} search={{ tab: "report", participant: i.participantId }}>
                {t("report.viewAnswers")}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ParticipantAnswers({ eventId, participantId }: { eventId: string; participantId: string }) {
  const { t } = useTranslation("events");
  const report = useQuery(onboardingQueries.report(eventId));
  if (report.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  if (report.isError) return <Retry text={t("report.answersLoadFailed")} onRetry={() => void report.refetch()} />;
  const p = report.data.items.find((i) => i.participantId === participantId);
  return (
    <div data-testid="participant-answers">
      <p>
        <Link to="/event/$eventId/questions" params={{ eventId }} search={{ tab: "report" }}>
          ← {t("manage.report")}
        </Link>
      </p>
      {!p ? (
        <p className="muted">{t("report.notFound")}</p>
      ) : (
        <>
          <h2>
            {p.firstName} {p.lastName}
          </h2>
          <p className="muted small">
            {t(`report.statuses.${p.status}`)} · {p.onboardingCompleted ? t("report.completed") : t("report.notCompleted")}
          </p>
          {p.answers.length === 0 ? (
            <p className="muted">{t("report.noAnswers")}</p>
          ) : (
            <dl className="event-answers">
              {p.answers.map((a) => (
                <div key={a.questionId}>
                  <dt>{a.question}</dt>
                  <dd>{a.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </div>
  );
}
