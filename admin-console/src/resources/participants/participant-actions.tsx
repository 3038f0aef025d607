import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Switch, TextField } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { useState } from "react";
import { Button, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { useIsAdmin } from "./use-community.ts";

export type StaffMember = components["schemas"]["StaffMember"];

function useFail() {
  const notify = useNotify();
  return (err: unknown) => notify(err instanceof ConsoleApiError ? err.message : "ra.notification.http_error", { type: "error" });
}

export function moderate(id: string, moderationStatus: "confirmed" | "rejected" | "pending", reason?: string) {
  return call(api.PATCH("/api/participant-moderation/{id}", { params: { path: { id } }, body: { moderationStatus, ...(reason ? { reason } : {}) } }));
}

/** Confirm, or reject with a reason the member sees in the rejection banner. */
export function ModerationButtons() {
  const record = useRecordContext<StaffMember>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fail = useFail();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
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
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate("tuesday.participants.rejectTitle", { name })}</DialogTitle>
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
            slotProps={{ htmlInput: { maxLength: 500, "data-testid": "reject-reason" } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate("tuesday.participants.cancel")}</MuiButton>
          <MuiButton
            color="error"
            variant="contained"
            data-testid="reject-submit"
            onClick={() => {
              setOpen(false);
              void decide("rejected", reason.trim() || undefined);
            }}
          >
            {translate("tuesday.participants.reject")}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </Stack>
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

/** Bulk action: confirm every selected member. */
export function BulkConfirmButton() {
  const { selectedIds, resource } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource ?? "participants");
  const fail = useFail();
  return (
    <Button
      label="tuesday.participants.bulkConfirm"
      onClick={async () => {
        try {
          for (const id of selectedIds) await moderate(String(id), "confirmed");
          notify("tuesday.participants.bulkConfirmed", { type: "success", messageArgs: { count: selectedIds.length } });
          unselectAll();
          refresh();
        } catch (err) {
          fail(err);
        }
      }}
    >
      <CheckIcon />
    </Button>
  );
}
