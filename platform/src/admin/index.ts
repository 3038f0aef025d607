export { inviteLink } from "./invitations.ts";
