export { type QuestionnaireOwner, communityOwner, eventOwner } from "./owner.ts";
