import MailIcon from "@mui/icons-material/Mail";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import { Button, useNotify, useTranslate } from "react-admin";
import { api, ConsoleApiError, call } from "../../api.ts";
import { useCommunity, useIsAdmin } from "./use-community.ts";
import { useRefresh } from "../../lib/refresh.ts";

/** Admins invite people by e-mail, one address or many (one per line, or separated by commas). */
export function InviteButton() {
  const isAdmin = useIsAdmin();
  const { community } = useCommunity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [emails, setEmails] = useState("");
  if (!isAdmin || !community) return null;
  const list = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const send = async () => {
    try {
      const { results } = await call(api.POST("/api/admin/{communityId}/invitations", { params: { path: { communityId: community.id } }, body: { emails: list } }));
      const sent = results.filter((r) => r.status !== "member").length;
      notify("tuesday.participants.invited", { type: "success", messageArgs: { sent, members: results.length - sent } });
      setOpen(false);
      setEmails("");
      refresh();
    } catch (err) {
      notify(err instanceof ConsoleApiError ? err.message : "ra.notification.http_error", { type: "error" });
    }
  };
  return (
    <>
      <Button label="tuesday.participants.invite" onClick={() => setOpen(true)}>
        <MailIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate("tuesday.participants.invite")}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={translate("tuesday.participants.inviteEmails")}
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate("tuesday.participants.cancel")}</MuiButton>
          <MuiButton variant="contained" disabled={list.length === 0 || list.length > 200} onClick={() => void send()}>
            {translate("tuesday.participants.inviteSend", { smart_count: list.length })}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
