import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { components } from "@tuesday/api-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Loading, Title, useAuthenticated, useNotify, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";

type Topic = components["schemas"]["TopicDetail"];
type Labels = components["schemas"]["TopicLabels"];

const LANGS = ["en", "ru"] as const;

/** Non-empty labels only: an empty field means "no label in this language" (members see the default one). */
function cleanLabels(labels: Record<string, string>): Labels {
  return Object.fromEntries(Object.entries(labels).filter(([, v]) => v.trim() !== "").map(([k, v]) => [k, v.trim()])) as Labels;
}

/**
 * The community's needs / offers taxonomy: members pick from it what they need help with and what
 * they can help with. Add, edit labels, archive (members' picks are kept for a return), restore
 * and reorder. When tenant.json lists `topics`, the next tenant apply makes them match the file.
 */
export function TopicsPage() {
  // Custom routes are not guarded by <Admin>: signed out, this redirects to the login page.
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const [communityId, setCommunityId] = useState<string | null>(null);
  const [topics, setTopics] = useState<Topic[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const fail = useCallback(
    (err: unknown) => notify(err instanceof ConsoleApiError ? err.message : "tuesday.topics.failed", { type: "error" }),
    [notify],
  );

  const load = useCallback(async (id: string) => {
    setTopics(await call(api.GET("/api/admin/{communityId}/topics", { params: { path: { communityId: id } } })));
  }, []);

  useEffect(() => {
    call(api.GET("/api/community/get-by-domain", { params: { query: { domain: window.location.hostname } } }))
      .then(async (c) => {
        setCommunityId(c.id);
        await load(c.id);
      })
      .catch((err: unknown) => setFailed(err instanceof ConsoleApiError && err.status === 403 ? "tuesday.topics.adminsOnly" : "tuesday.topics.failed"));
  }, [load]);

  if (failed) return <Alert severity="error">{translate(failed)}</Alert>;
  if (!communityId || !topics) return <Loading />;

  const path = { communityId };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: "success" });
      await load(communityId);
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  };
  const active = topics.filter((t) => !t.archived);
  const archived = topics.filter((t) => t.archived);
  const move = (key: string, by: -1 | 1) => {
    const keys = active.map((t) => t.key);
    const i = keys.indexOf(key);
    const j = i + by;
    if (i < 0 || j < 0 || j >= keys.length) return;
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
    void run(() => call(api.POST("/api/admin/{communityId}/topics/reorder", { params: { path }, body: { keys } })), "tuesday.topics.reordered");
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.topics.title")} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1">
            {translate("tuesday.topics.title")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate("tuesday.topics.intro")}
          </Typography>
          {active.length === 0 ? <Typography data-testid="topics-empty">{translate("tuesday.topics.empty")}</Typography> : null}
          <Table size="small" aria-label={translate("tuesday.topics.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{translate("tuesday.topics.order")}</TableCell>
                <TableCell>{translate("tuesday.topics.key")}</TableCell>
                {LANGS.map((l) => (
                  <TableCell key={l}>{translate("tuesday.topics.label", { lang: l.toUpperCase() })}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {active.map((t, i) => (
                <TopicRow
                  key={`${t.key}:${JSON.stringify(t.labels)}`}
                  topic={t}
                  first={i === 0}
                  last={i === active.length - 1}
                  onMove={(by) => move(t.key, by)}
                  onSave={(labels) =>
                    run(() => call(api.PATCH("/api/admin/{communityId}/topics/{key}", { params: { path: { ...path, key: t.key } }, body: { labels } })), "tuesday.topics.saved")
                  }
                  onArchive={() =>
                    void run(() => call(api.DELETE("/api/admin/{communityId}/topics/{key}", { params: { path: { ...path, key: t.key } } })), "tuesday.topics.archivedDone")
                  }
                />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {translate("tuesday.topics.add")}
          </Typography>
          <AddTopic onAdd={(body) => run(() => call(api.POST("/api/admin/{communityId}/topics", { params: { path }, body })), "tuesday.topics.added")} />
        </CardContent>
      </Card>
      {archived.length ? (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate("tuesday.topics.archived")}
            </Typography>
            <Stack spacing={1}>
              {archived.map((t) => (
                <Stack key={t.key} direction="row" spacing={2} sx={{ alignItems: "center" }} data-testid={`archived-topic-${t.key}`}>
                  <Chip label={t.key} size="small" />
                  <Typography>{t.labels.en ?? t.labels.ru ?? t.key}</Typography>
                  <Button
                    size="small"
                    onClick={() =>
                      void run(
                        () => call(api.PATCH("/api/admin/{communityId}/topics/{key}", { params: { path: { ...path, key: t.key } }, body: { archived: false } })),
                        "tuesday.topics.restored",
                      )
                    }
                  >
                    {translate("tuesday.topics.restore")}
                  </Button>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}

function TopicRow({
  topic,
  first,
  last,
  onMove,
  onSave,
  onArchive,
}: {
  topic: Topic;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onSave: (labels: Labels) => Promise<boolean>;
  onArchive: () => void;
}) {
  const translate = useTranslate();
  const [labels, setLabels] = useState<Record<string, string>>({ en: topic.labels.en ?? "", ru: topic.labels.ru ?? "" });
  const dirty = LANGS.some((l) => (labels[l] ?? "").trim() !== (topic.labels[l] ?? ""));
  return (
    <TableRow data-testid={`topic-${topic.key}`}>
      <TableCell>
        <IconButton size="small" aria-label={translate("tuesday.topics.up", { key: topic.key })} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={translate("tuesday.topics.down", { key: topic.key })} disabled={last} onClick={() => onMove(1)}>
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
      </TableCell>
      <TableCell>
        <code>{topic.key}</code>
      </TableCell>
      {LANGS.map((l) => (
        <TableCell key={l}>
          <TextField
            size="small"
            value={labels[l] ?? ""}
            onChange={(e) => setLabels((x) => ({ ...x, [l]: e.target.value }))}
            slotProps={{ htmlInput: { "aria-label": translate("tuesday.topics.labelOf", { topic: topic.key, lang: l.toUpperCase() }), maxLength: 80 } }}
          />
        </TableCell>
      ))}
      <TableCell>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="contained" disabled={!dirty} onClick={() => void onSave(cleanLabels(labels))}>
            {translate("tuesday.topics.save")}
          </Button>
          <Button size="small" color="warning" onClick={onArchive}>
            {translate("tuesday.topics.archive")}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function AddTopic({ onAdd }: { onAdd: (body: { key: string; labels: Labels }) => Promise<boolean> }) {
  const translate = useTranslate();
  const [key, setKey] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({ en: "", ru: "" });
  const valid = /^[a-z][a-z0-9_]{0,39}$/.test(key);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    if (await onAdd({ key, labels: cleanLabels(labels) })) {
      setKey("");
      setLabels({ en: "", ru: "" });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={translate("tuesday.topics.add")}>
      <Box sx={{ display: "flex", flexDirection: "row", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}>
      <TextField
        size="small"
        label={translate("tuesday.topics.key")}
        value={key}
        onChange={(e) => setKey(e.target.value.trim().toLowerCase())}
        error={key !== "" && !valid}
        helperText={translate("tuesday.topics.keyHint")}
      />
      {LANGS.map((l) => (
        <TextField
          key={l}
          size="small"
          label={translate("tuesday.topics.label", { lang: l.toUpperCase() })}
          value={labels[l] ?? ""}
          onChange={(e) => setLabels((x) => ({ ...x, [l]: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      ))}
      <Button type="submit" variant="contained" disabled={!valid}>
        {translate("tuesday.topics.addButton")}
      </Button>
      </Box>
    </form>
  );
}
