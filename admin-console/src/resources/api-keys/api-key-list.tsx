import AddIcon from "@mui/icons-material/Add";
import {
  Alert,
  Button as MuiButton,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
} from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import { Button, Datagrid, FunctionField, List, TextField as RaTextField, TopToolbar, useNotify, useRecordContext, useTranslate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";
import { useRefresh } from "../../lib/refresh.ts";

type ApiKey = components["schemas"]["ApiKey"];
type Scope = components["schemas"]["ApiScope"];
const SCOPES: Scope[] = ["members:read", "members:write", "events:read", "events:write", "mailings:send", "analytics:read", "webhooks:manage"];

/** Make a key: name, scopes, optional expiry; then the key is shown once, to be copied. */
function CreateKeyButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiresAt, setExpiresAt] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setName("");
    setScopes([]);
    setExpiresAt("");
    setCreated(null);
    refresh();
  };
  const save = async () => {
    try {
      const { data } = await dataProvider.create("api-keys", {
        data: { name: name.trim(), scopes, ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}) },
      });
      setCreated(String((data as { key?: string }).key ?? ""));
    } catch (err) {
      notify(errorMessage(err, "tuesday.apiKeys.failed"), { type: "error" });
    }
  };
  return (
    <>
      <Button label="tuesday.apiKeys.create" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={created ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>{translate("tuesday.apiKeys.create")}</DialogTitle>
        {created ? (
          <>
            <DialogContent>
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate("tuesday.apiKeys.shownOnce")}
              </Alert>
              <TextField fullWidth value={created} slotProps={{ htmlInput: { readOnly: true, "data-testid": "new-api-key", "aria-label": translate("tuesday.apiKeys.title") } }} />
            </DialogContent>
            <DialogActions>
              <MuiButton
                onClick={() => {
                  void navigator.clipboard?.writeText(created).then(() => notify("tuesday.apiKeys.copied", { type: "info" }));
                }}
              >
                {translate("tuesday.apiKeys.copy")}
              </MuiButton>
              <MuiButton variant="contained" onClick={close}>
                {translate("tuesday.apiKeys.done")}
              </MuiButton>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogContent>
              <TextField autoFocus fullWidth margin="dense" label={translate("tuesday.apiKeys.name")} value={name} onChange={(e) => setName(e.target.value)} />
              <FormLabel component="legend" sx={{ mt: 2 }}>
                {translate("tuesday.apiKeys.scopes")}
              </FormLabel>
              <FormGroup>
                {SCOPES.map((s) => (
                  <FormControlLabel
                    key={s}
                    control={<Checkbox checked={scopes.includes(s)} onChange={(e) => setScopes((x) => (e.target.checked ? [...x, s] : x.filter((y) => y !== s)))} />}
                    label={`${translate(`tuesday.apiKeys.scopeNames.${s}`)} (${s})`}
                  />
                ))}
              </FormGroup>
              <TextField
                fullWidth
                margin="dense"
                type="datetime-local"
                label={translate("tuesday.apiKeys.expiresAt")}
                value={expiresAt}
                onChange={(e) => setExpiresAt(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={close}>{translate("tuesday.apiKeys.cancel")}</MuiButton>
              <MuiButton variant="contained" disabled={!name.trim() || scopes.length === 0} onClick={() => void save()}>
                {translate("tuesday.apiKeys.save")}
              </MuiButton>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}

function RevokeButton() {
  const key = useRecordContext<ApiKey>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const [open, setOpen] = useState(false);
  if (!key || key.status === "revoked") return null;
  const revoke = async () => {
    try {
      await dataProvider.delete("api-keys", { id: key.id, previousData: key });
      notify("tuesday.apiKeys.revoked", { type: "success" });
      setOpen(false);
      refresh();
    } catch (err) {
      notify(errorMessage(err, "tuesday.apiKeys.failed"), { type: "error" });
    }
  };
  return (
    <>
      <MuiButton size="small" color="error" onClick={() => setOpen(true)}>
        {translate("tuesday.apiKeys.revoke")}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate("tuesday.apiKeys.revokeTitle", { name: key.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate("tuesday.apiKeys.revokeBody")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate("tuesday.apiKeys.cancel")}</MuiButton>
          <MuiButton color="error" variant="contained" onClick={() => void revoke()}>
            {translate("tuesday.apiKeys.revoke")}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The community's API keys: make one (shown once), see each one's last use, revoke. */
export function ApiKeyList() {
  const translate = useTranslate();
  return (
    <Stack>
      <Alert severity="info" sx={{ mt: 1 }}>
        {translate("tuesday.apiKeys.intro")}
      </Alert>
      <List
        resource="api-keys"
        title="tuesday.apiKeys.title"
        actions={
          <TopToolbar>
            <CreateKeyButton />
          </TopToolbar>
        }
        pagination={false}
        perPage={1000}
        sort={{ field: "createdAt", order: "DESC" }}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <RaTextField source="name" label="tuesday.apiKeys.name" />
          <RaTextField source="prefix" label="tuesday.apiKeys.prefix" />
          <FunctionField<ApiKey>
            label="tuesday.apiKeys.scopes"
            render={(k) => (
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: "wrap" }}>
                {k.scopes.map((s) => (
                  <Chip key={s} size="small" label={s} title={translate(`tuesday.apiKeys.scopeNames.${s}`)} />
                ))}
              </Stack>
            )}
          />
          <FunctionField<ApiKey> label="tuesday.apiKeys.status" render={(k) => translate(`tuesday.apiKeys.statuses.${k.status}`)} />
          <LocaleDateField source="createdAt" label="tuesday.apiKeys.created" showTime />
          <LocaleDateField source="expiresAt" label="tuesday.apiKeys.expires" showTime emptyText="tuesday.apiKeys.never" />
          <LocaleDateField source="lastUsedAt" label="tuesday.apiKeys.lastUsed" showTime emptyText="tuesday.apiKeys.notUsed" />
          <FunctionField<ApiKey> label="tuesday.apiKeys.lastUsedIp" render={(k) => k.lastUsedIp ?? ""} />
          <RevokeButton />
        </Datagrid>
      </List>
    </Stack>
  );
}
