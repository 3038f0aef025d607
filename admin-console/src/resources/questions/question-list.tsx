import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ExportButton, List, TopToolbar, useCreate, useDelete, useListContext, useNotify, useTranslate, useUpdate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { useCommunity } from "../participants/use-community.ts";
import { useRefresh } from "../../lib/refresh.ts";

type Question = components["schemas"]["QuestionDetail"];
type QuestionType = Question["type"];
type Lang = "en" | "ru";
type Texts = Record<string, string>;
/** An option as edited: a new one has no id yet. */
type OptionDraft = { id?: string; text: string; translations: Texts; active: boolean };

const TYPES: QuestionType[] = ["TEXT", "RADIO", "CHECKBOX"];

/** A translations field's change: an empty text removes the language. */
function withTranslation(texts: Texts, lang: string, value: string): Texts {
  const next = { ...texts };
  if (value.trim()) next[lang] = value;
  else delete next[lang];
  return next;
}

const trimmed = (texts: Texts): Texts => Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));

/** The options of one question: text, a translation per community language, offered or retired; new ones added. */
function OptionsEditor({ q, langs, onSave }: { q: Question; langs: Lang[]; onSave: (patch: Record<string, unknown>) => Promise<void> }) {
  const translate = useTranslate();
  const initial: OptionDraft[] = q.options.map((o) => ({ id: o.id, text: o.text, translations: o.translations as Texts, active: o.active }));
  const [drafts, setDrafts] = useState<OptionDraft[]>(initial);
  const changed = drafts.filter((d, i) => {
    const before = initial[i];
    return !before || d.text !== before.text || d.active !== before.active || JSON.stringify(trimmed(d.translations)) !== JSON.stringify(before.translations);
  });
  const update = (i: number, patch: Partial<OptionDraft>) => setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  if (q.type === "TEXT") return null;
  return (
    <Stack spacing={1} data-testid="question-options">
      <Typography variant="subtitle2">{translate("tuesday.questions.options")}</Typography>
      {drafts.map((d, i) => (
        <Stack key={d.id ?? `new-${i}`} direction={{ xs: "column", md: "row" }} spacing={1} sx={{ alignItems: { md: "center" } }} data-testid="question-option">
          <TextField size="small" label={translate("tuesday.questions.option")} value={d.text} onChange={(e) => update(i, { text: e.target.value })} />
          {langs.map((l) => (
            <TextField
              key={l}
              size="small"
              label={translate("tuesday.questions.optionTranslation", { lang: l.toUpperCase() })}
              value={d.translations[l] ?? ""}
              onChange={(e) => update(i, { translations: withTranslation(d.translations, l, e.target.value) })}
            />
          ))}
          <FormControlLabel control={<Checkbox checked={d.active} onChange={() => update(i, { active: !d.active })} />} label={translate("tuesday.questions.optionActive")} />
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => setDrafts([...drafts, { text: "", translations: {}, active: true }])}>
          {translate("tuesday.questions.addOption")}
        </Button>
        <Button
          size="small"
          variant="contained"
          disabled={changed.length === 0 || changed.some((d) => !d.text.trim())}
          onClick={() =>
            onSave({
              options: changed.map((d) => ({
                ...(d.id ? { id: d.id } : {}),
                text: d.text.trim(),
                translations: trimmed(d.translations),
                active: d.active,
                ...(d.id ? {} : { visible: true }),
              })),
            })
          }
        >
          {translate("tuesday.questions.saveOptions")}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A new question: text and its translations, answer type, required, and its options (one per line). */
function NewQuestion({ langs }: { langs: Lang[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [open, setOpen] = useState(false);
  const [text, setTextValue] = useState("");
  const [translations, setTranslations] = useState<Texts>({});
  const [type, setType] = useState<QuestionType>("RADIO");
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState("");
  const optionTexts = options
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);
  const ready = text.trim() && (type === "TEXT" || optionTexts.length > 0);
  const close = () => {
    setOpen(false);
    setTextValue("");
    setTranslations({});
    setOptions("");
    setRequired(false);
  };
  return (
    <>
      <Stack direction="row">
        <Button variant="contained" onClick={() => setOpen(true)} data-testid="question-add">
          {translate("tuesday.questions.add")}
        </Button>
      </Stack>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{translate("tuesday.questions.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <TextField size="small" autoFocus label={translate("tuesday.questions.text")} value={text} onChange={(e) => setTextValue(e.target.value)} />
            {langs.map((l) => (
              <TextField
                key={l}
                size="small"
                label={translate("tuesday.questions.translation", { lang: l.toUpperCase() })}
                value={translations[l] ?? ""}
                onChange={(e) => setTranslations(withTranslation(translations, l, e.target.value))}
              />
            ))}
            <TextField select size="small" label={translate("tuesday.questions.type")} value={type} onChange={(e) => setType(e.target.value as QuestionType)}>
              {TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`tuesday.questions.types.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            {type !== "TEXT" ? (
              <TextField size="small" multiline minRows={3} label={translate("tuesday.questions.options")} value={options} onChange={(e) => setOptions(e.target.value)} />
            ) : null}
            <FormControlLabel control={<Checkbox checked={required} onChange={() => setRequired(!required)} />} label={translate("tuesday.questions.required")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate("tuesday.questions.cancel")}</Button>
          <Button
            variant="contained"
            disabled={!ready || isPending}
            onClick={() => {
              const data = { text: text.trim(), type, required, translations: trimmed(translations), options: type === "TEXT" ? [] : optionTexts.map((t) => ({ text: t })) };
              create(
                "questions",
                { data },
                {
                  onSuccess: () => {
                    notify("tuesday.questions.created", { type: "info" });
                    close();
                  },
                  onError: (err) => notify(errorMessage(err, "tuesday.questions.failed"), { type: "error" }),
                },
              );
            }}
          >
            {translate("tuesday.questions.create")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** One question: its text in every language of the community, visibility, required, its options, delete. */
function QuestionCard({
  q,
  langs,
  onSave,
  onDelete,
  onMove,
  first,
  last,
}: { q: Question; langs: Lang[]; onSave: (patch: Record<string, unknown>) => Promise<void>; onDelete: () => Promise<void>; onMove: (d: -1 | 1) => void; first: boolean; last: boolean }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(q.text);
  const [translations, setTranslations] = useState<Texts>(q.translations as Texts);
  const dirty = text !== q.text || JSON.stringify(translations) !== JSON.stringify(q.translations);
  return (
    <Card variant="outlined" data-testid="question">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="overline" sx={{ flexGrow: 1 }}>
              {q.order + 1}. {q.key} · {q.type}
            </Typography>
            <IconButton size="small" disabled={first} onClick={() => onMove(-1)} aria-label={translate("tuesday.questions.up")}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" disabled={last} onClick={() => onMove(1)} aria-label={translate("tuesday.questions.down")}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" onClick={() => setConfirming(true)} aria-label={translate("tuesday.questions.delete")}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
          <TextField size="small" label={translate("tuesday.questions.text")} value={text} onChange={(e) => setText(e.target.value)} />
          {langs.map((l) => (
            <TextField
              key={l}
              size="small"
              label={translate("tuesday.questions.translation", { lang: l.toUpperCase() })}
              value={translations[l] ?? ""}
              onChange={(e) => setTranslations(withTranslation(translations, l, e.target.value))}
            />
          ))}
          <OptionsEditor q={q} langs={langs} onSave={onSave} />
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <FormControlLabel control={<Checkbox checked={q.visible} onChange={() => onSave({ visible: !q.visible })} />} label={translate("tuesday.questions.visible")} />
            <FormControlLabel control={<Checkbox checked={q.required} onChange={() => onSave({ required: !q.required })} />} label={translate("tuesday.questions.required")} />
            <Button variant="contained" size="small" disabled={!dirty || !text.trim()} onClick={() => onSave({ text: text.trim(), translations })}>
              {translate("tuesday.questions.save")}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{translate("tuesday.questions.deleteTitle", { text: q.text })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate("tuesday.questions.deleteText")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate("tuesday.questions.cancel")}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              void onDelete();
            }}
          >
            {translate("tuesday.questions.delete")}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** The cards of the list's questions, in the community's order, each saved, moved or deleted through the data provider. */
function QuestionCards() {
  const { data: questions = [], isPending, error } = useListContext<Question>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const { community } = useCommunity();
  const [update] = useUpdate<Question>(undefined, undefined, { returnPromise: true });
  const [remove] = useDelete<Question>(undefined, undefined, { returnPromise: true });
  const fail = (err: unknown) => notify(errorMessage(err, "tuesday.questions.failed"), { type: "error" });
  const reorder = useMutation({ mutationFn: (ids: string[]) => dataProvider.reorderQuestions(ids), onSuccess: () => refresh(), onError: fail });
  if (error) return <Alert severity="error">{translate("tuesday.questions.failed")}</Alert>;
  if (isPending || !community) return <LinearProgress />;
  const langs = community.langChoices as Lang[];

  const save = async (q: Question, patch: Record<string, unknown>) => {
    try {
      await update("questions", { id: q.id, data: patch, previousData: q });
      notify("tuesday.questions.saved", { type: "info" });
    } catch (err) {
      fail(err);
    }
  };
  const del = async (q: Question) => {
    try {
      await remove("questions", { id: q.id, previousData: q });
      notify("tuesday.questions.deleted", { type: "info" });
    } catch (err) {
      fail(err);
    }
  };
  const move = (index: number, d: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + d, 0, id);
    reorder.mutate(ids);
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <NewQuestion langs={langs} />
      {questions.length === 0 ? <Typography>{translate("tuesday.questions.empty")}</Typography> : null}
      {questions.map((q, i) => (
        <QuestionCard
          key={`${q.id}-${JSON.stringify(q)}`}
          q={q}
          langs={langs}
          onSave={(p) => save(q, p)}
          onDelete={() => del(q)}
          onMove={(d) => move(i, d)}
          first={i === 0}
          last={i === questions.length - 1}
        />
      ))}
    </Stack>
  );
}

/** The community's onboarding questions: create, texts and translations, options, visibility, required, order, delete. All on one page: the order is edited across the whole list. */
export function QuestionList() {
  const translate = useTranslate();
  return (
    <List
      title="tuesday.questions.title"
      sort={{ field: "order", order: "ASC" }}
      pagination={false}
      perPage={1000}
      empty={false}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
    >
      <Typography color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {translate("tuesday.questions.intro")}
      </Typography>
      <QuestionCards />
    </List>
  );
}
