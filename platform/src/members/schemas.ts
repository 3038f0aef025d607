import { z } from "@hono/zod-openapi";
import { DirectoryCardSchema } from "../directory/schemas.ts";

/** A member as another member sees them: contacts only as privacy allows (visibleContacts). */
export const MemberCardSchema = DirectoryCardSchema.omit({ moderationStatus: true }).openapi("MatchingMemberCard");
export type MemberCard = z.infer<typeof MemberCardSchema>;

export const ParticipantIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, description: "A participant of the current community; another community's id is a 404" }),
});
