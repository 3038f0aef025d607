import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries, isAdmin } from "../../api/account.ts";
import { api, call } from "../../api/client.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { directoryQueries } from "../participants/model.ts";
import { type Chat, chatQueries, chatsChanged } from "./model.ts";

/**
 * A group chat's members: everyone may leave; the creator and admins rename, add and remove (the
 * server decides; a refusal shows as an error). Changes arrive for everyone as CHAT_UPDATED on the
 * chat's topic, which refetches the chat.
 */
export function MembersPanel({ chat, me, communityId }: { chat: Chat; me: string | undefined; communityId: string }) {
  const { t } = useTranslation("chatMembers");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(chat.name ?? "");
  const [search, setSearch] = useState("");
  const permissions = useQuery(accountQueries.permissions()).data ?? [];
  const canManage = chat.createdBy === me || isAdmin(permissions);
  const members = useInfiniteQuery({ ...directoryQueries.search(communityId, { search: search.trim() }), enabled: open && canManage && search.trim().length > 0 });
  const inChat = new Set(chat.participants.map((p) => p.id));
  const results = (members.data?.pages.flatMap((p) => p.items) ?? []).filter((m) => !inChat.has(m.id));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatQueries.history(chat.id).queryKey });
    void chatsChanged(queryClient);
  };

  const action = useMutation({
    mutationFn: async (op: { kind: "add"; id: string } | { kind: "remove"; id: string } | { kind: "rename"; name: string }) => {
      if (op.kind === "add") await call(api.POST("/api/chats/{id}/participants", { params: { path: { id: chat.id } }, body: { participants: [op.id] } }));
      else if (op.kind === "rename") await call(api.PATCH("/api/chats/{id}", { params: { path: { id: chat.id } }, body: { name: op.name } }));
      else {
        const res = await api.DELETE("/api/chats/{id}/participants/{participantId}", { params: { path: { id: chat.id, participantId: op.id } } });
        if (!res.response.ok) throw new Error("remove failed");
      }
      return op;
    },
    onSuccess: (op) => {
      if (op.kind === "remove" && op.id === me) {
        void chatsChanged(queryClient);
        void navigate({ to: "/chats" });
        return;
      }
      if (op.kind === "rename") setRenaming(false);
      if (op.kind === "add") setSearch("");
      refresh();
    },
  });

  const nameOf = (p: Chat["participants"][number]) => `${p.firstName} ${p.lastName}`.trim();
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) action.mutate({ kind: "rename", name: name.trim() });
  };

  if (!open) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="chat-members-toggle">
        {t("show", { count: chat.participants.length })}
      </Button>
    );
  }
  return (
    <section className="chat-members-panel" aria-label={t("title")} data-testid="chat-members-panel">
      <h2>{t("title")}</h2>
      <ul className="chat-members-list">
        {chat.participants.map((p) => (
          <li key={p.id} data-testid="chat-members-item">
            <span>
              {nameOf(p)}
              {p.id === chat.createdBy ? <span className="muted"> · {t("creator")}</span> : null}
              {p.id === me ? <span className="muted"> · {t("you")}</span> : null}
            </span>
            {canManage && p.id !== me ? (
              <Button
                variant="ghost"
                onClick={() => {
                  if (window.confirm(t("removeConfirm", { name: nameOf(p) }))) action.mutate({ kind: "remove", id: p.id });
                }}
              >
                {t("remove")}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        renaming ? (
          <form className="chat-members-row" onSubmit={rename}>
            <label className="field">
              <span>{t("name")}</span>
              <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            </label>
            <Button type="submit" disabled={!name.trim()} busy={action.isPending}>
              {t("save")}
            </Button>
            <Button variant="ghost" onClick={() => setRenaming(false)}>
              {t("cancel")}
            </Button>
          </form>
        ) : (
          <div className="chat-members-row">
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              {t("rename")}
            </Button>
          </div>
        )
      ) : null}
      {canManage ? (
        <div>
          <label className="field">
            <span>{t("add")}</span>
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("addPlaceholder")} data-testid="chat-members-search" />
          </label>
          <ul className="chat-members-list">
            {results.map((m) => (
              <li key={m.id}>
                <span>{`${m.firstName} ${m.lastName}`.trim()}</span>
                <Button variant="secondary" onClick={() => action.mutate({ kind: "add", id: m.id })}>
                  {t("addButton")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {action.isError ? <Alert kind="error">{t("failed")}</Alert> : null}
      <div className="chat-members-row">
        <Button
          variant="ghost"
          onClick={() => {
            if (me && window.confirm(t("leaveConfirm"))) action.mutate({ kind: "remove", id: me });
          }}
        >
          {t("leave")}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t("hide")}
        </Button>
      </div>
    </section>
  );
}
