import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import { Button, Card, CardContent, Checkbox, Chip, FormControlLabel, IconButton, Stack, TextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useCallback, useEffect, useState } from "react";
import { Title, useAuthenticated, useNotify, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { type Community, loadCommunity } from "../../login/community.ts";

type Question = components["schemas"]["QuestionDetail"];
type Lang = "en" | "ru";

/** One question: its text in every language of the community, visibility, required, options. */
function QuestionCard({ q, langs, onSave, onMove, first, last }: { q: Question; langs: Lang[]; onSave: (patch: Record<string, unknown>) => Promise<void>; onMove: (d: -1 | 1) => void; first: boolean; last: boolean }) {
  const translate = useTranslate();
  const [text, setText] = useState(q.text);
  const [translations, setTranslations] = useState<Record<string, string>>(q.translations as Record<string, string>);
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
          </Stack>
          <TextField size="small" label={translate("tuesday.questions.text")} value={text} onChange={(e) => setText(e.target.value)} />
          {langs.map((l) => (
            <TextField
              key={l}
              size="small"
              label={translate("tuesday.questions.translation", { lang: l.toUpperCase() })}
              value={translations[l] ?? ""}
              onChange={(e) => {
                const next = { ...translations };
                if (e.target.value) next[l] = e.target.value;
                else delete next[l];
                setTranslations(next);
              }}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            {q.options.map((o) => (
              <Chip key={o.id} size="small" label={o.text} variant={o.active ? "filled" : "outlined"} />
            ))}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <FormControlLabel control={<Checkbox checked={q.visible} onChange={() => onSave({ visible: !q.visible })} />} label={translate("tuesday.questions.visible")} />
            <FormControlLabel control={<Checkbox checked={q.required} onChange={() => onSave({ required: !q.required })} />} label={translate("tuesday.questions.required")} />
            <Button variant="contained" size="small" disabled={!dirty || !text.trim()} onClick={() => onSave({ text: text.trim(), translations })}>
              {translate("tuesday.questions.save")}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The community's onboarding questions: texts and translations, visibility, required, order. */
export function QuestionsPage() {
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const [community, setCommunity] = useState<Community | null>(null);
  const [questions, setQuestions] = useState<Question[] | null>(null);

  const fail = useCallback((err: unknown) => notify(err instanceof ConsoleApiError ? err.message : "tuesday.questions.failed", { type: "error" }), [notify]);
  const load = useCallback(async (id: string) => {
    setQuestions(await call(api.GET("/api/admin/{communityId}/questions", { params: { path: { communityId: id } } })));
  }, []);

  useEffect(() => {
    loadCommunity().then((c) => {
      setCommunity(c);
      if (c) load(c.id).catch(fail);
    });
  }, [load, fail]);

  if (!community || !questions) return null;
  const langs = community.langChoices as Lang[];

  const save = async (q: Question, patch: Record<string, unknown>) => {
    try {
      await call(api.PATCH("/api/admin/{communityId}/questions/{questionId}", { params: { path: { communityId: community.id, questionId: q.id } }, body: patch }));
      notify("tuesday.questions.saved", { type: "info" });
      await load(community.id);
    } catch (err) {
      fail(err);
    }
  };
  const move = async (index: number, d: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + d, 0, id);
    try {
      await call(api.POST("/api/admin/{communityId}/questions/reorder", { params: { path: { communityId: community.id } }, body: { questionIds: ids } }));
      await load(community.id);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.questions.title")} />
      <Typography color="text.secondary">{translate("tuesday.questions.intro")}</Typography>
      {questions.length === 0 ? <Typography>{translate("tuesday.questions.empty")}</Typography> : null}
      {questions.map((q, i) => (
        <QuestionCard key={`${q.id}-${q.text}-${JSON.stringify(q.translations)}`} q={q} langs={langs} onSave={(p) => save(q, p)} onMove={(d) => move(i, d)} first={i === 0} last={i === questions.length - 1} />
      ))}
    </Stack>
  );
}
