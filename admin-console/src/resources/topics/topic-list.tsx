import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField as MuiTextField, Typography } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import type { components } from "@tuesday/api-client";
import { createContext, type FormEvent, type ReactNode, useContext, useState } from "react";
import {
  BulkDeleteButton,
  Datagrid,
  DatagridBody,
  type DatagridBodyProps,
  DatagridRow,
  type DatagridRowProps,
  ExportButton,
  FunctionField,
  List,
  TopToolbar,
  useCreate,
  useDelete,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { useRefresh } from "../../lib/refresh.ts";

type Topic = components["schemas"]["TopicDetail"] & { id: string };
type Labels = components["schemas"]["TopicLabels"];

const LANGS = ["en", "ru"] as const;

/** Non-empty labels only: an empty field means "no label in this language" (members see the default one). */
function cleanLabels(labels: Record<string, string>): Labels {
  return Object.fromEntries(Object.entries(labels).filter(([, v]) => v.trim() !== "").map(([k, v]) => [k, v.trim()])) as Labels;
}

function useFail() {
  const notify = useNotify();
  return (err: unknown) => notify(errorMessage(err, "tuesday.topics.failed"), { type: "error" });
}

/** A row's labels as edited: shared by its label cells and its Save button. */
type Draft = { labels: Record<string, string>; setLabels: (f: (x: Record<string, string>) => Record<string, string>) => void };
const DraftContext = createContext<Draft | null>(null);

function DraftProvider({ topic, children }: { topic: Topic; children: ReactNode }) {
  const [labels, setLabels] = useState<Record<string, string>>({ en: topic.labels.en ?? "", ru: topic.labels.ru ?? "" });
  return <DraftContext.Provider value={{ labels, setLabels }}>{children}</DraftContext.Provider>;
}

const useDraft = () => {
  const draft = useContext(DraftContext);
  if (!draft) throw new Error("a topic cell outside its row");
  return draft;
};

function TopicRow(props: DatagridRowProps) {
  const topic = useRecordContext<Topic>();
  if (!topic) return null;
  // Keyed by the saved labels: a saved or refetched topic starts a fresh draft.
  return (
    <DraftProvider key={JSON.stringify(topic.labels)} topic={topic}>
      <DatagridRow {...props} data-testid={`topic-${topic.key}`} />
    </DraftProvider>
  );
}
const TopicBody = (props: DatagridBodyProps) => <DatagridBody {...props} row={<TopicRow />} />;

/** Up / down among the active topics: the whole order is saved (POST …/topics/reorder). */
function MoveButtons() {
  const topic = useRecordContext<Topic>();
  const { data = [] } = useListContext<Topic>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fail = useFail();
  const dataProvider = useConsoleDataProvider();
  const reorder = useMutation({
    mutationFn: (keys: string[]) => dataProvider.reorderTopics(keys),
    onSuccess: () => {
      notify("tuesday.topics.reordered", { type: "success" });
      refresh();
    },
    onError: fail,
  });
  if (!topic) return null;
  const keys = data.map((t) => t.key);
  const i = keys.indexOf(topic.key);
  const move = (by: -1 | 1) => {
    const j = i + by;
    if (i < 0 || j < 0 || j >= keys.length) return;
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
    reorder.mutate(keys);
  };
  return (
    <Box onClick={(e) => e.stopPropagation()}>
      <IconButton size="small" aria-label={translate("tuesday.topics.up", { key: topic.key })} disabled={i <= 0 || reorder.isPending} onClick={() => move(-1)}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate("tuesday.topics.down", { key: topic.key })} disabled={i >= keys.length - 1 || reorder.isPending} onClick={() => move(1)}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function LabelCell({ lang }: { lang: (typeof LANGS)[number] }) {
  const topic = useRecordContext<Topic>();
  const { labels, setLabels } = useDraft();
  const translate = useTranslate();
  if (!topic) return null;
  return (
    <MuiTextField
      size="small"
      value={labels[lang] ?? ""}
      onChange={(e) => setLabels((x) => ({ ...x, [lang]: e.target.value }))}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ htmlInput: { "aria-label": translate("tuesday.topics.labelOf", { topic: topic.key, lang: lang.toUpperCase() }), maxLength: 80 } }}
    />
  );
}

function RowActions() {
  const topic = useRecordContext<Topic>();
  const { labels } = useDraft();
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFail();
  const [update, { isPending: saving }] = useUpdate<Topic>();
  const [archive, { isPending: archiving }] = useDelete<Topic>();
  if (!topic) return null;
  const dirty = LANGS.some((l) => (labels[l] ?? "").trim() !== (topic.labels[l] ?? ""));
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="contained"
        disabled={!dirty || saving}
        onClick={() =>
          update("topics", { id: topic.id, data: { labels: cleanLabels(labels) }, previousData: topic }, { onSuccess: () => notify("tuesday.topics.saved", { type: "success" }), onError: fail })
        }
      >
        {translate("tuesday.topics.save")}
      </Button>
      <Button
        size="small"
        color="warning"
        disabled={archiving}
        onClick={() => archive("topics", { id: topic.id, previousData: topic }, { onSuccess: () => notify("tuesday.topics.archivedDone", { type: "success" }), onError: fail })}
      >
        {translate("tuesday.topics.archive")}
      </Button>
    </Stack>
  );
}

function AddTopic() {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFail();
  const [create, { isPending }] = useCreate<Topic>();
  const [key, setKey] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({ en: "", ru: "" });
  const valid = /^[a-z][a-z0-9_]{0,39}$/.test(key);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    create(
      "topics",
      { data: { key, labels: cleanLabels(labels) } },
      {
        onSuccess: () => {
          notify("tuesday.topics.added", { type: "success" });
          setKey("");
          setLabels({ en: "", ru: "" });
        },
        onError: fail,
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={translate("tuesday.topics.add")}>
      <Box sx={{ display: "flex", flexDirection: "row", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}>
        <MuiTextField
          size="small"
          label={translate("tuesday.topics.key")}
          value={key}
          onChange={(e) => setKey(e.target.value.trim().toLowerCase())}
          error={key !== "" && !valid}
          helperText={translate("tuesday.topics.keyHint")}
        />
        {LANGS.map((l) => (
          <MuiTextField
            key={l}
            size="small"
            label={translate("tuesday.topics.label", { lang: l.toUpperCase() })}
            value={labels[l] ?? ""}
            onChange={(e) => setLabels((x) => ({ ...x, [l]: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        ))}
        <Button type="submit" variant="contained" disabled={!valid || isPending}>
          {translate("tuesday.topics.addButton")}
        </Button>
      </Box>
    </form>
  );
}

/** Archived topics (members' picks are kept for a return), each to restore. */
function ArchivedTopics() {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useFail();
  const { data = [] } = useGetList<Topic>("topics", { filter: { archived: true }, pagination: { page: 1, perPage: 1000 }, sort: { field: "key", order: "ASC" } });
  const [update] = useUpdate<Topic>();
  if (data.length === 0) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate("tuesday.topics.archived")}
        </Typography>
        <Stack spacing={1}>
          {data.map((t) => (
            <Stack key={t.key} direction="row" spacing={2} sx={{ alignItems: "center" }} data-testid={`archived-topic-${t.key}`}>
              <Chip label={t.key} size="small" />
              <Typography>{t.labels.en ?? t.labels.ru ?? t.key}</Typography>
              <Button
                size="small"
                onClick={() =>
                  update("topics", { id: t.id, data: { archived: false }, previousData: t }, { onSuccess: () => notify("tuesday.topics.restored", { type: "success" }), onError: fail })
                }
              >
                {translate("tuesday.topics.restore")}
              </Button>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function TopicsError() {
  const { error } = useListContext();
  const translate = useTranslate();
  if (!error) return null;
  return <Alert severity="error">{translate((error as { status?: number }).status === 403 ? "tuesday.topics.adminsOnly" : "tuesday.topics.failed")}</Alert>;
}

function EmptyTopics() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} data-testid="topics-empty">
      {translate("tuesday.topics.empty")}
    </Typography>
  );
}

/**
 * The community's needs / offers taxonomy: members pick from it what they need help with and what
 * they can help with. Add, edit labels, archive (one or many; members' picks are kept for a
 * return), restore and reorder. When tenant.json lists `topics`, the next tenant apply makes them
 * match the file. All topics on one page: the order is edited across the whole list.
 */
export function TopicList() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <List
        title="tuesday.topics.title"
        filter={{ archived: false }}
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
        <Box sx={{ px: 2, pt: 1 }}>
          <Typography variant="h6" component="h1">
            {translate("tuesday.topics.title")}
          </Typography>
          <Typography color="text.secondary">{translate("tuesday.topics.intro")}</Typography>
          <TopicsError />
        </Box>
        <Datagrid
          body={<TopicBody />}
          rowClick={false}
          bulkActionButtons={
            <BulkDeleteButton label="tuesday.topics.archive" mutationMode="pessimistic" confirmTitle="tuesday.topics.bulkArchiveTitle" confirmContent="tuesday.topics.bulkArchiveContent" />
          }
          empty={<EmptyTopics />}
        >
          <FunctionField label="tuesday.topics.order" sortable={false} render={() => <MoveButtons />} />
          <FunctionField source="key" label="tuesday.topics.key" sortable={false} render={(t: Topic) => <code>{t.key}</code>} />
          {LANGS.map((l) => (
            <FunctionField key={l} label={translate("tuesday.topics.label", { lang: l.toUpperCase() })} sortable={false} render={() => <LabelCell lang={l} />} />
          ))}
          <FunctionField label="" render={() => <RowActions />} />
        </Datagrid>
      </List>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {translate("tuesday.topics.add")}
          </Typography>
          <AddTopic />
        </CardContent>
      </Card>
      <ArchivedTopics />
    </Stack>
  );
}
