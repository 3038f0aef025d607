import { Box, Button, Card, CardContent, Collapse, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { Fragment, useCallback, useEffect, useState } from "react";
import { Title, useAuthenticated, useNotify, useLocale, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { loadCommunity } from "../../login/community.ts";

type AuditPage = components["schemas"]["AuditPage"];
type AuditEvent = AuditPage["items"][number];

const SIZE = 50;

type Change = { path: string; before: unknown; after: unknown };

/** The fields that differ between before and after, by dotted path (arrays compared whole). */
export function diff(before: unknown, after: unknown, path = ""): Change[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diff(before[k], after[k], path ? `${path}.${k}` : k));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || "(value)", before, after }];
}

const show = (v: unknown) => (v === undefined ? "—" : JSON.stringify(v));

/** The community's audit log, newest first: who changed what, with each change shown as a diff. */
export function AuditLogPage() {
  useAuthenticated();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const [communityId, setCommunityId] = useState<string | null>(null);
  const [action, setAction] = useState("");
  const [page, setPage] = useState(0);
  const [data, setData] = useState<AuditPage | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    loadCommunity().then((c) => setCommunityId(c?.id ?? null));
  }, []);

  const load = useCallback(async () => {
    if (!communityId) return;
    try {
      const query = { page, size: SIZE, ...(action.trim() ? { action: action.trim() } : {}) };
      setData(await call(api.GET("/api/admin/{communityId}/audit-events", { params: { path: { communityId }, query } })));
    } catch (err) {
      notify(err instanceof ConsoleApiError ? err.message : "tuesday.audit.failed", { type: "error" });
    }
  }, [communityId, page, action, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const actor = (e: AuditEvent) => (e.actor.kind === "user" ? (e.actor.userId ?? "—") : `${e.actor.kind}${e.actor.label ? ` (${e.actor.label})` : ""}`);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.audit.title")} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center" }}>
            <TextField
              size="small"
              label={translate("tuesday.audit.action")}
              helperText={translate("tuesday.audit.actionHint")}
              value={action}
              onChange={(e) => {
                setPage(0);
                setAction(e.target.value);
              }}
            />
            <Typography variant="body2" color="text.secondary">
              {data ? translate("tuesday.audit.total", { total: data.total }) : null}
            </Typography>
          </Stack>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate("tuesday.audit.when")}</TableCell>
                <TableCell>{translate("tuesday.audit.action")}</TableCell>
                <TableCell>{translate("tuesday.audit.target")}</TableCell>
                <TableCell>{translate("tuesday.audit.actor")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.items ?? []).map((e) => (
                <Fragment key={e.id}>
                  <TableRow hover onClick={() => setOpen(open === e.id ? null : e.id)} sx={{ cursor: "pointer" }} data-testid="audit-row">
                    <TableCell>{new Date(e.createdAt).toLocaleString(locale)}</TableCell>
                    <TableCell>{e.action}</TableCell>
                    <TableCell>
                      {e.target.type}
                      {e.target.id ? ` ${e.target.id}` : ""}
                    </TableCell>
                    <TableCell>{actor(e)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={4} sx={{ p: 0, border: open === e.id ? undefined : 0 }}>
                      <Collapse in={open === e.id} unmountOnExit>
                        <Box sx={{ p: 2, fontFamily: "monospace", fontSize: 13 }}>
                          {diff(e.before, e.after).map((c) => (
                            <div key={c.path}>
                              <b>{c.path}</b>: <span style={{ color: "#c92a2a", textDecoration: "line-through" }}>{show(c.before)}</span> →{" "}
                              <span style={{ color: "#2b8a3e" }}>{show(c.after)}</span>
                            </div>
                          ))}
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
          {data && data.items.length === 0 ? <Typography color="text.secondary">{translate("tuesday.audit.empty")}</Typography> : null}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              {translate("ra.navigation.previous")}
            </Button>
            <Button disabled={!data || (page + 1) * SIZE >= data.total} onClick={() => setPage((p) => p + 1)}>
              {translate("ra.navigation.next")}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
