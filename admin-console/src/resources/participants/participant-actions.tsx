import BlockIcon from "@mui/icons-material/Block";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import LinkIcon from "@mui/icons-material/Link";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import VisibilityIcon from "@mui/icons-material/Visibility";
import VisibilityOffIcon from "@mui/icons-material/VisibilityOff";
import { IconButton, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Switch, TextField, Tooltip } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import { Button, useListContext, useNotify, useRecordContext, useTranslate, useUnselectAll } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { useIsAdmin } from "./use-community.ts";
import { useRefresh } from "../../lib/refresh.ts";

export type StaffMember = components["schemas"]["StaffMember"];

/** The platform's refusal of a moderation call to a user without the moderation right (spec 6 and 8). */
const NO_MODERATION_RIGHT = "You have no permission to access moderation features";

function useFail() {
  const notify = useNotify();
  return (err: unknown) => {
    if (err instanceof ConsoleApiError && err.status === 403 && err.message === NO_MODERATION_RIGHT) {
      notify("tuesday.participants.noModerationRight", { type: "error" });
      return;
    }
    notify(err instanceof ConsoleApiError ? err.message : "ra.notification.http_error", { type: "error" });
  };
}

export function moderate(id: string, moderationStatus: "confirmed" | "rejected" | "pending", reason?: string) {
  return call(api.PATCH("/api/participant-moderation/{id}", { params: { path: { id } }, body: { moderationStatus, ...(reason ? { reason } : {}) } }));
}

/** Reject with an optional reason (the member's rejection banner shows it); the reason starts empty each time. */
function RejectDialog({ open, title, testId, onClose, onReject }: { open: boolean; title: string; testId: string; onClose: () => void; onReject: (reason: string | undefined) => void }) {
  const translate = useTranslate();
  const [reason, setReason] = useState("");
  const close = () => {
    setReason("");
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={translate("tuesday.participants.reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, "data-testid": `${testId}-reason` } }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close}>{translate("tuesday.participants.cancel")}</MuiButton>
        <MuiButton
          color="error"
          variant="contained"
          data-testid={`${testId}-submit`}
          onClick={() => {
            const why = reason.trim() || undefined;
            close();
            onReject(why);
          }}
        >
          {translate("tuesday.participants.reject")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Confirm, or reject with a reason the member sees in the rejection banner. */
export function ModerationButtons() {
  const record = useRecordContext<StaffMember>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fail = useFail();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const name = `${record.firstName} ${record.lastName}`.trim() || (record.email ?? "");
  const decide = async (status: "confirmed" | "rejected", why?: string) => {
    try {
      await moderate(record.id, status, why);
      notify(status === "confirmed" ? "tuesday.participants.confirmed" : "tuesday.participants.rejected", { type: "success" });
      refresh();
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {record.moderationStatus !== "confirmed" ? (
        <Button label="tuesday.participants.confirm" onClick={() => void decide("confirmed")} data-testid={`confirm-${record.id}`}>
          <CheckIcon />
        </Button>
      ) : null}
      {record.moderationStatus !== "rejected" ? (
        <Button label="tuesday.participants.reject" color="error" onClick={() => setOpen(true)} data-testid={`reject-${record.id}`}>
          <CloseIcon />
        </Button>
      ) : null}
      <RejectDialog
        open={open}
        title={translate("tuesday.participants.rejectTitle", { name })}
        testId="reject"
        onClose={() => setOpen(false)}
        onReject={(why) => void decide("rejected", why)}
      />
    </Stack>
  );
}

/** Disable a member's account (sign-in refused, sessions ended at once) or enable it again: admins only, after a confirmation. */
export function AccountButton() {
  const record = useRecordContext<StaffMember>();
  const isAdmin = useIsAdmin();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const fail = useFail();
  const [open, setOpen] = useState(false);
  if (!record || !isAdmin) return null;
  const enabled = record.accountEnabled;
  const label = translate(enabled ? "tuesday.participants.disableAccount" : "tuesday.participants.enableAccount");
  const apply = async () => {
    try {
      await call(api.POST("/api/admin/participants/{id}/account", { params: { path: { id: record.id } }, body: { enabled: !enabled } }));
      notify(enabled ? "tuesday.participants.accountDisabled" : "tuesday.participants.accountEnabled", { type: "success" });
      setOpen(false);
      refresh();
    } catch (err) {
      setOpen(false);
      fail(err);
    }
  };
  return (
    <>
      {/* An icon with a tooltip, not a labelled button: the row keeps to a 1280 px screen. */}
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          color={enabled ? "error" : "primary"}
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          data-testid={`account-${record.id}`}
        >
          {enabled ? <BlockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate(enabled ? "tuesday.participants.disableAccountTitle" : "tuesday.participants.enableAccountTitle")}</DialogTitle>
        <DialogContent>{translate(enabled ? "tuesday.participants.disableAccountBody" : "tuesday.participants.enableAccountBody")}</DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate("tuesday.participants.cancel")}</MuiButton>
          <MuiButton variant="contained" color={enabled ? "error" : "primary"} onClick={() => void apply()}>
            {translate(enabled ? "tuesday.participants.disableAccount" : "tuesday.participants.enableAccount")}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The admin's profile / networking switch of one member (moderators see it, disabled). */
export function ToggleSwitch({ what }: { what: "profile" | "networking" }) {
  const record = useRecordContext<StaffMember>();
  const isAdmin = useIsAdmin();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const fail = useFail();
  if (!record) return null;
  const on = what === "profile" ? record.profileEnabled : record.networkingEnabled;
  return (
    <Switch
      checked={on}
      disabled={!isAdmin}
      title={isAdmin ? undefined : translate("tuesday.participants.adminsOnly")}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ input: { "aria-label": translate(`tuesday.participants.${what}`) } }}
      onChange={async () => {
        try {
          const body = { participantId: record.id, shouldDisable: on };
          await call(what === "profile" ? api.POST("/api/admin/profile/toggle", { body }) : api.POST("/api/admin/networking/toggle", { body }));
          notify("tuesday.participants.toggled", { type: "success" });
          refresh();
        } catch (err) {
          fail(err);
        }
      }}
    />
  );
}

type BulkBody = components["schemas"]["ConsoleBulkAction"];
/** One of the bulk bodies without its ids (Omit on each member of the union). */
type BulkAction = BulkBody extends infer B ? (B extends unknown ? Omit<B, "ids"> : never) : never;

/** Runs one bulk action on the selected members and reports what changed and what was refused. */
function useBulk() {
  const { selectedIds, resource } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource ?? "participants");
  const fail = useFail();
  const run = async (body: BulkAction) => {
    try {
      const ids = selectedIds.map(String);
      const r = await call(api.POST("/api/console/participants/bulk", { body: { ...body, ids } as BulkBody }));
      const first = r.failed[0];
      notify(first ? "tuesday.participants.bulkPartly" : "tuesday.participants.bulkDone", {
        type: first ? "warning" : "success",
        messageArgs: { done: r.done, unchanged: r.unchanged, failed: r.failed.length, msg: first?.msg ?? "" },
      });
      unselectAll();
      refresh();
    } catch (err) {
      fail(err);
    }
  };
  return { run, count: selectedIds.length };
}

/** Bulk actions: confirm or reject (one reason for all) the selected members; admins also switch their profiles and networking. */
export function BulkActions() {
  const { run, count } = useBulk();
  const isAdmin = useIsAdmin();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="tuesday.participants.bulkConfirm" onClick={() => void run({ action: "moderate", moderationStatus: "confirmed" })} data-testid="bulk-confirm">
        <CheckIcon />
      </Button>
      <Button label="tuesday.participants.bulkReject" color="error" onClick={() => setOpen(true)} data-testid="bulk-reject">
        <CloseIcon />
      </Button>
      {isAdmin ? (
        <>
          <Button label="tuesday.participants.bulkProfileOff" onClick={() => void run({ action: "profile", shouldDisable: true })} data-testid="bulk-profile-off">
            <VisibilityOffIcon />
          </Button>
          <Button label="tuesday.participants.bulkProfileOn" onClick={() => void run({ action: "profile", shouldDisable: false })} data-testid="bulk-profile-on">
            <VisibilityIcon />
          </Button>
          <Button label="tuesday.participants.bulkNetworkingOff" onClick={() => void run({ action: "networking", shouldDisable: true })} data-testid="bulk-networking-off">
            <LinkOffIcon />
          </Button>
          <Button label="tuesday.participants.bulkNetworkingOn" onClick={() => void run({ action: "networking", shouldDisable: false })} data-testid="bulk-networking-on">
            <LinkIcon />
          </Button>
        </>
      ) : null}
      <RejectDialog
        open={open}
        title={translate("tuesday.participants.bulkRejectTitle", { smart_count: count })}
        testId="bulk-reject"
        onClose={() => setOpen(false)}
        onReject={(why) => void run({ action: "moderate", moderationStatus: "rejected", ...(why ? { reason: why } : {}) })}
      />
    </>
  );
}

/** Export: every member the list's filter matches, as the platform's CSV file (admins). */
export function ExportCsvButton() {
  const { filterValues } = useListContext();
  const isAdmin = useIsAdmin();
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const download = async () => {
    setBusy(true);
    try {
      const filter = Object.keys(filterValues ?? {}).length ? JSON.stringify(filterValues) : undefined;
      const blob = await call(api.GET("/api/console/participants/export", { params: { query: filter ? { filter } : {} }, parseAs: "blob" }));
      const url = URL.createObjectURL(blob as Blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `participants-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void download()} disabled={busy} data-testid="export-csv">
      <DownloadIcon />
    </Button>
  );
}
